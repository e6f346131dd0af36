import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/app.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** Runs the operator CLI exactly as an operator would, through npm. */
async function admin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: root, env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run admin', () => {
  it('creates accounts and keys, lists and revokes them', async () => {
    const env = { DATA_DIR: tempDir() };
    expect((await admin(env, 'account', 'create', '--email', 'ops@example.com')).code).toBe(0);

    const created = await admin(env, 'key', 'create', '--email', 'ops@example.com', '--kind', 'tools');
    expect(created.code).toBe(0);
    const key = created.stdout.trim().split('\n').at(-1);
    expect(key).toMatch(/^eph_tools_[0-9A-Za-z]{40}$/);

    const dev = await admin(env, 'key', 'create', '--email', 'ops@example.com', '--kind', 'developer');
    expect(dev.code).toBe(1);
    expect(dev.stderr).toContain('developer-plan account');

    expect((await admin(env, 'account', 'plan', '--email', 'ops@example.com', '--plan', 'developer')).code).toBe(0);
    const devKey = await admin(env, 'key', 'create', '--email', 'ops@example.com', '--kind', 'developer');
    expect(devKey.stdout.trim().split('\n').at(-1)).toMatch(/^eph_dev_/);

    const listed = await admin(env, 'key', 'list', '--email', 'ops@example.com');
    expect(listed.stdout).toContain(key!.slice(0, 18));
    expect(listed.stdout).not.toContain(key);
    expect(listed.stdout.match(/active/g)).toHaveLength(2);

    // A scoped, expiring, restricted Developer key for CI, and what the list says of it.
    const ci = await admin(env, 'key', 'create', '--email', 'ops@example.com', '--kind', 'developer', '--name', 'ci', '--scopes', 'messages:read,addresses:write', '--expires-in', '3600', '--restrict-addresses', 'ci-*@ephemail.test');
    expect(ci.code).toBe(0);
    expect(ci.stdout.trim().split('\n').at(-1)).toMatch(/^eph_dev_/);
    const withRights = (await admin(env, 'key', 'list', '--email', 'ops@example.com')).stdout.split('\n').find((l) => l.includes('  ci  '));
    expect(withRights).toMatch(/scopes addresses:write,messages:read  expires \d{4}-.*  only ci-\*@ephemail\.test  active/);
    const badScope = await admin(env, 'key', 'create', '--email', 'ops@example.com', '--kind', 'developer', '--scopes', 'messages:delete');
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain('--scopes must be one of');

    const revoked = await admin(env, 'key', 'revoke', key!);
    expect(revoked.code).toBe(0);
    expect((await admin(env, 'key', 'list', '--email', 'ops@example.com')).stdout).toMatch(/revoked \d{4}-/);
  }, 60_000);

  it('explains usage mistakes with exit code 2', async () => {
    const env = { DATA_DIR: tempDir() };
    const res = await admin(env, 'key', 'create', '--email', 'x@example.com', '--kind', 'root');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--kind must be one of tools, developer');
  }, 30_000);

  it('refuses a bad configuration with a message naming the variable', async () => {
    const res = await admin({ DATABASE_URL: 'mysql://x' }, 'key', 'list', '--email', 'x@example.com');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL must be a postgres://');
  }, 30_000);
});
