import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testConfig } from '../../helpers/app.js';
import { openDatabase } from '../../../src/db/database.js';
import { logIn } from '../../../src/identity/credentials.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** `npm run admin -- …` with `input` on stdin, as `printf '%s\n' "$PW" | npm run admin -- …` would run it. */
function admin(env: Record<string, string>, input: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

describe('npm run admin -- account password', () => {
  it('gives an operator-made account a dashboard password read from stdin', async () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir };
    expect((await admin(env, '', 'account', 'create', '--email', 'owner@example.com', '--plan', 'developer')).code).toBe(0);

    const weak = await admin(env, 'short\n', 'account', 'password', '--email', 'owner@example.com');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('password must be at least 10 characters');
    expect((await admin(env, '', 'account', 'password', '--email', 'owner@example.com')).code).toBe(2);
    expect((await admin(env, 'correct-horse-battery\n', 'account', 'password', '--email', 'nobody@example.com')).code).toBe(1);

    const set = await admin(env, 'correct-horse-battery\n', 'account', 'password', '--email', 'owner@example.com');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('owner@example.com can now log in to the dashboard');
    expect(set.stdout + set.stderr).not.toContain('correct-horse-battery');

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await logIn(database.db, testConfig().dashboard.passwordHashCost, 'owner@example.com', 'correct-horse-battery')).account.plan).toBe('developer');
      await expect(logIn(database.db, testConfig().dashboard.passwordHashCost, 'owner@example.com', 'wrong-password')).rejects.toMatchObject({ code: 'invalid_credentials' });
    } finally {
      await database.close();
    }
  }, 60_000);
});
