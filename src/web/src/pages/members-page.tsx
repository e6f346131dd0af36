import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, unwrap, type Schemas } from '../api.js';
import { announce } from '../components/announcer.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CopyButton } from '../components/copy-button.js';
import { formatDateTime, formatRelative } from '../format.js';
import { can, useSession } from '../session.js';

type Role = Schemas['MemberRole'];
type Members = Schemas['MemberList'];
const ROLES: Role[] = ['viewer', 'member', 'admin', 'owner'];
const ROLE_NOTES: Record<Role, string> = {
  viewer: 'reads mail',
  member: 'addresses, mail, domains, webhooks, keys',
  admin: 'also members and invitations',
  owner: 'also the plan',
};

/** The workspace's members and invitations; admins invite, change roles and remove, anyone may leave. */
export function MembersPage() {
  const { session } = useSession();
  const admin = can(session, 'admin');
  const [data, setData] = useState<Members | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [link, setLink] = useState<string | null>(null);

  const load = async () => {
    try {
      setData(await unwrap(api.GET('/api/dashboard/members')));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  useEffect(() => void load(), [session.account.id]);

  const act = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      announce(done);
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const invite = async (event: Event) => {
    event.preventDefault();
    try {
      const created = await unwrap(api.POST('/api/dashboard/members/invitations', { body: { email: email.trim(), role } }));
      setLink(created.url);
      setEmail('');
      announce('Invitation created. Copy the link now: it is shown only once.');
      await load();
    } catch (err) {
      announce(messageOf(err), 'error');
    }
  };

  const roles = ROLES.filter((r) => r !== 'owner' || session.role === 'owner');
  return (
    <>
      <header class="page-header">
        <h1 tabIndex={-1}>Members</h1>
        <p class="lead">
          Everyone in the workspace of <strong>{session.account.email}</strong>. You are <strong data-testid="my-role">{session.role}</strong>.
        </p>
      </header>
      {admin ? (
        <section class="card" aria-labelledby="invite">
          <h2 id="invite">Invite someone</h2>
          <form class="inline-form" onSubmit={invite}>
            <div class="field grow">
              <label for="invite-email">Email</label>
              <input id="invite-email" type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
            </div>
            <div class="field">
              <label for="invite-role">Role</label>
              <select id="invite-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {r} — {ROLE_NOTES[r]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" class="btn btn-primary">
              Create invitation link
            </button>
          </form>
          {link ? (
            <div class="key-reveal">
              <p>Send this link to them; it works once, for 7 days:</p>
              <code data-testid="invitation-link">{link}</code>
              <CopyButton text={link} what="Invitation link" compact />
            </div>
          ) : null}
        </section>
      ) : null}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      {data ? (
        <section class="card" aria-labelledby="members">
          <h2 id="members">Members</h2>
          <table class="table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span class="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => {
                const self = m.id === session.person.id;
                const manageable = admin && (session.role === 'owner' || m.role !== 'owner');
                return (
                  <tr key={m.id}>
                    <td data-label="Email">
                      {m.email} {self ? <span class="badge">you</span> : null}
                    </td>
                    <td data-label="Role">
                      {manageable ? (
                        <select
                          aria-label={`Role of ${m.email}`}
                          value={m.role}
                          onChange={(e) =>
                            void act(
                              () => unwrap(api.PATCH('/api/dashboard/members/{member_id}', { params: { path: { member_id: m.id } }, body: { role: e.currentTarget.value as Role } })),
                              `${m.email} is now ${e.currentTarget.value}.`,
                            )
                          }
                        >
                          {roles.map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </select>
                      ) : (
                        m.role
                      )}
                    </td>
                    <td data-label="Joined">{formatDateTime(m.joined_at)}</td>
                    <td class="row-actions">
                      {self || manageable ? (
                        <ConfirmButton
                          label={self ? 'Leave' : 'Remove'}
                          confirmLabel={self ? 'Leave the workspace' : 'Remove now'}
                          accessibleLabel={self ? 'Leave the workspace' : `Remove ${m.email}`}
                          onConfirm={() =>
                            act(
                              () => unwrap(api.DELETE('/api/dashboard/members/{member_id}', { params: { path: { member_id: m.id } } })).then(() => self && window.location.assign('/')),
                              self ? 'You left the workspace.' : `${m.email} was removed.`,
                            )
                          }
                        />
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {data.invitations.length > 0 ? (
            <>
              <h3>Open invitations</h3>
              <ul class="plain-list">
                {data.invitations.map((i) => (
                  <li key={i.id}>
                    {i.email} as {i.role}, expires {formatRelative(i.expires_at)}{' '}
                    {admin ? (
                      <ConfirmButton
                        label="Withdraw"
                        confirmLabel="Withdraw now"
                        accessibleLabel={`Withdraw the invitation of ${i.email}`}
                        onConfirm={() => act(() => unwrap(api.DELETE('/api/dashboard/members/invitations/{invitation_id}', { params: { path: { invitation_id: i.id } } })), 'Invitation withdrawn.')}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** `/invite#<token>` while logged in: join the workspace, then switch to it. */
export function InvitePage() {
  const { session, setSession } = useSession();
  const token = window.location.hash.slice(1);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    try {
      const joined = await unwrap(api.POST('/api/dashboard/invitations/accept', { body: { token } }));
      const added = joined.workspaces.find((w) => !session.workspaces.some((s) => s.account_id === w.account_id));
      if (added) setSession(await unwrap(api.POST('/api/dashboard/session/workspace', { body: { account_id: added.account_id } })));
      announce('You joined the workspace.');
      window.location.assign('/');
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return (
    <>
      <header class="page-header">
        <h1 tabIndex={-1}>Join a workspace</h1>
        <p class="lead">You were invited to a workspace. Join it as {session.person.email}?</p>
      </header>
      {token ? (
        <button type="button" class="btn btn-primary" onClick={() => void join()}>
          Join the workspace
        </button>
      ) : (
        <p class="error">This link has no invitation token in it.</p>
      )}
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
