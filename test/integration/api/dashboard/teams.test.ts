import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeTestApp, type TestApp } from '../../../helpers/app.js';
import { asBrowser, PASSWORD, sessionCookieOf, signUpBrowser, uniqueEmail, type Browser } from '../../../helpers/dashboard.js';
import { startSession } from '../../../../src/identity/sessions.js';
import { addMember, ensurePerson, type MemberRole } from '../../../../src/identity/teams.js';

const ROLES: MemberRole[] = ['viewer', 'member', 'admin', 'owner'];

describe.each(DIALECTS)('teams: workspaces shared by several people (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp({ dialect, env: { DASHBOARD_RATE_LIMIT: '100000', SELF_SERVE_PLANS: 'true' } });
  });
  afterAll(() => t?.close());

  /** A person with `role` in the workspace of `owner`, logged in there (a fresh session each call). */
  async function seatOf(owner: Browser, role: MemberRole, email = uniqueEmail(role)): Promise<Browser> {
    const db = t.context.database.db;
    const accountId = (await owner.call('GET', '/api/dashboard/session')).json().account.id as string;
    const person = await ensurePerson(db, email);
    await addMember(db, accountId, person.id, role);
    const { token, session } = await startSession(db, accountId, person.id, 3600);
    return asBrowser(t.app, email, `ephemail_session=${token}`, session.csrf_token);
  }

  /** A new sign-up whose workspace is on the developer plan (addresses and Developer keys need it). */
  async function developer(): Promise<Browser> {
    const owner = await signUpBrowser(t.app);
    expect((await owner.call('PUT', '/api/dashboard/account/plan', { plan: 'developer' })).statusCode).toBe(200);
    return owner;
  }

  it('invites by a single-use link: the invitee signs up into the workspace with the invited role', async () => {
    const owner = await signUpBrowser(t.app);
    const invited = await owner.call('POST', '/api/dashboard/members/invitations', { email: 'grace@example.com', role: 'member' });
    expect(invited.statusCode).toBe(201);
    const { token, url, invitation } = invited.json();
    expect(url).toMatch(new RegExp(`/invite#${token}$`));
    expect(invitation).toMatchObject({ email: 'grace@example.com', role: 'member' });
    expect((await owner.call('GET', '/api/dashboard/members')).json().invitations).toHaveLength(1);
    // Only the digest is stored.
    const stored = await t.context.database.db.selectFrom('invitations').selectAll().where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);

    const email = uniqueEmail('grace');
    const signedUp = await t.app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email, password: PASSWORD, invitation: token } });
    expect(signedUp.statusCode).toBe(201);
    const ownerSession = (await owner.call('GET', '/api/dashboard/session')).json();
    expect(signedUp.json()).toMatchObject({ account: { id: ownerSession.account.id }, role: 'member', person: { email } });
    expect(signedUp.json().workspaces).toEqual([{ account_id: ownerSession.account.id, email: ownerSession.account.email, plan: 'free', role: 'member' }]);

    const members = (await owner.call('GET', '/api/dashboard/members')).json();
    expect(members.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'member'],
    ]);
    expect(members.invitations).toEqual([]);

    // Used once: a second sign-up with it is refused, and so is a logged-in accept.
    const again = await t.app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email: uniqueEmail(), password: PASSWORD, invitation: token } });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'invitation_invalid' });
    expect(again.json().message).toContain('already been used');
  });

  it('lets a logged-in person accept, switch between workspaces, and refuses expired or withdrawn links', async () => {
    const owner = await developer();
    const other = await signUpBrowser(t.app);
    const ownerAccount = (await owner.call('GET', '/api/dashboard/session')).json().account.id;
    const otherAccount = (await other.call('GET', '/api/dashboard/session')).json().account.id;

    const { token } = (await owner.call('POST', '/api/dashboard/members/invitations', { email: other.email, role: 'viewer' })).json();
    const accepted = await other.call('POST', '/api/dashboard/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    // Joined, and listed; the session stays in its own workspace until it switches.
    expect(accepted.json()).toMatchObject({ account: { id: otherAccount }, role: 'owner' });
    expect(accepted.json().workspaces.map((w: { account_id: string; role: string }) => [w.account_id, w.role])).toEqual([
      [otherAccount, 'owner'],
      [ownerAccount, 'viewer'],
    ]);
    const switched = await other.call('POST', '/api/dashboard/session/workspace', { account_id: ownerAccount });
    expect(switched.json()).toMatchObject({ account: { id: ownerAccount }, role: 'viewer' });
    expect((await other.call('POST', '/api/dashboard/invitations/accept', { token })).json().error).toBe('invitation_invalid');
    // The session now works in the owner's workspace, as a viewer: reading is allowed, deleting is not.
    expect((await other.call('GET', '/api/dashboard/addresses')).statusCode).toBe(200);
    const refused = await other.call('POST', '/api/dashboard/addresses', {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'insufficient_role' });

    const back = await other.call('POST', '/api/dashboard/session/workspace', { account_id: otherAccount });
    expect(back.json()).toMatchObject({ account: { id: otherAccount }, role: 'owner' });
    const stranger = await other.call('POST', '/api/dashboard/session/workspace', { account_id: 'acc_00000000000000000000000000000000' });
    expect(stranger.statusCode).toBe(404);

    const expiring = (await owner.call('POST', '/api/dashboard/members/invitations', { email: 'late@example.com', role: 'member' })).json();
    await sql`update invitations set expires_at = ${new Date(Date.now() - 1000).toISOString()} where id = ${expiring.invitation.id}`.execute(t.context.database.db);
    const late = await t.app.inject({ method: 'POST', url: '/api/dashboard/signup', payload: { email: uniqueEmail(), password: PASSWORD, invitation: expiring.token } });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toContain('expired');

    const withdrawn = (await owner.call('POST', '/api/dashboard/members/invitations', { email: 'nope@example.com', role: 'member' })).json();
    expect((await owner.call('DELETE', `/api/dashboard/members/invitations/${withdrawn.invitation.id}`)).statusCode).toBe(200);
    const third = await signUpBrowser(t.app);
    expect((await third.call('POST', '/api/dashboard/invitations/accept', { token: withdrawn.token })).statusCode).toBe(410);
  });

  it('keeps one owner: the last cannot leave or be demoted; admins cannot make owners', async () => {
    const owner = await signUpBrowser(t.app);
    const ownerId = (await owner.call('GET', '/api/dashboard/session')).json().person.id;
    const demote = await owner.call('PATCH', `/api/dashboard/members/${ownerId}`, { role: 'admin' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('last_owner');
    expect((await owner.call('DELETE', `/api/dashboard/members/${ownerId}`)).json().error).toBe('last_owner');

    const admin = await seatOf(owner, 'admin');
    const adminId = (await admin.call('GET', '/api/dashboard/session')).json().person.id;
    expect((await admin.call('PATCH', `/api/dashboard/members/${adminId}`, { role: 'owner' })).json().error).toBe('insufficient_role');
    expect((await admin.call('DELETE', `/api/dashboard/members/${ownerId}`)).json().error).toBe('insufficient_role');
    expect((await admin.call('POST', '/api/dashboard/members/invitations', { email: 'x@example.com', role: 'owner' })).json().error).toBe('insufficient_role');

    expect((await owner.call('PATCH', `/api/dashboard/members/${adminId}`, { role: 'owner' })).json()).toMatchObject({ member: { id: adminId, role: 'owner' } });
    expect((await owner.call('DELETE', `/api/dashboard/members/${ownerId}`)).statusCode).toBe(200);
    // Leaving ended the session there.
    expect((await owner.call('GET', '/api/dashboard/session')).statusCode).toBe(401);
  });

  it("gives a member's keys at most the member's rights", async () => {
    const owner = await developer();
    const member = await seatOf(owner, 'member');
    const made = await member.call('POST', '/api/dashboard/keys', { kind: 'developer' });
    expect(made.statusCode).toBe(201);
    expect(made.json().api_key.scopes).not.toContain('keys:write');
    const more = await member.call('POST', '/api/dashboard/keys', { kind: 'developer', scopes: ['keys:write'] });
    expect(more.statusCode).toBe(403);
    expect(more.json().error).toBe('insufficient_scope');
    const viewer = await seatOf(owner, 'viewer');
    expect((await viewer.call('POST', '/api/dashboard/keys', { kind: 'tools' })).json().error).toBe('insufficient_role');
  });

  it('checks every dashboard operation against the role its spec declares (x-role), one rank below refused', async () => {
    const owner = await developer();
    const operations = t.spec.operations.filter((op) => typeof op.extensions['x-role'] === 'string');
    expect(operations.length).toBeGreaterThan(25);
    for (const op of operations) {
      const needed = op.extensions['x-role'] as MemberRole;
      const url = op.path
        .replace('{address}', 'nobody@ephemail.test')
        .replace('{id}', 'msg_00000000000000000000000000000000')
        .replace('{attachment_id}', 'att_00000000000000000000000000000000')
        .replace('{key_id}', 'key_00000000000000000000000000000000')
        .replace('{member_id}', 'psn_00000000000000000000000000000000')
        .replace('{invitation_id}', 'inv_00000000000000000000000000000000');
      const method = op.method.toUpperCase() as 'GET';
      if (op.operationId === 'streamDashboardEvents') continue; // a stream that stays open; its role is checked before it opens like any other
      const at = await seatOf(owner, needed);
      const allowed = await at.call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(allowed.json().error, `${op.operationId} as ${needed}`).not.toBe('insufficient_role');
      const below = ROLES[ROLES.indexOf(needed) - 1];
      if (!below) continue;
      const refused = await (await seatOf(owner, below)).call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(refused.statusCode, `${op.operationId} as ${below}`).toBe(403);
      expect(refused.json().error).toBe('insufficient_role');
    }
  });

  it('logs a person in to the workspace they joined first and shows who they are', async () => {
    const owner = await signUpBrowser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/login', payload: { email: owner.email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ person: { email: owner.email }, role: 'owner', account: { email: owner.email } });
    expect(sessionCookieOf(res)).toMatch(/^ephemail_session=/);
  });
});
