import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, tempDir, type TestApp } from '../../helpers/app.js';
import { dialog } from '../../helpers/smtp-dialog.js';
import { removeStaleSpoolFiles, SPOOL_THRESHOLD_BYTES } from '../../../src/smtp/spool.js';

describe('large messages are spooled to disk while they arrive', () => {
  let t: TestApp;
  let auth: { authorization: string };
  let spoolDir: string;
  beforeAll(async () => {
    t = await makeTestApp({ env: { MAIL_AUTH: 'false' } });
    auth = { authorization: `Bearer ${t.developerKey}` };
    spoolDir = path.join(t.context.config.dataDir, 'spool');
  });
  afterAll(() => t.close());

  const spooled = () => (fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir) : []);

  it('stores several large messages sent at once byte for byte, and leaves no spool file behind', async () => {
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth })).json().email as string;
    const port = await t.smtpPort();
    const blobs = Array.from({ length: 5 }, () => randomBytes(SPOOL_THRESHOLD_BYTES * 2));
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, pool: true, maxConnections: 5 });
    const infos = await Promise.all(
      blobs.map((content, i) => transport.sendMail({ from: 'a@example.com', to: address, subject: `big ${i}`, text: 'see attached', attachments: [{ filename: `b${i}.bin`, content }] })),
    );
    transport.close();
    expect(infos.every((info) => /^250 /.test(info.response))).toBe(true);
    expect(spooled()).toEqual([]);
    await t.drained();
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages?limit=10`, headers: auth })).json();
    expect(list.count).toBe(5);
    for (const m of list.messages) {
      const i = Number(/big (\d)/.exec(m.subject)![1]);
      const att = await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages/${m.id}/attachments/${m.attachments[0].id}`, headers: auth });
      expect(att.rawPayload.equals(blobs[i])).toBe(true);
    }
  });

  it('removes the spool file of a message whose sender went away mid-DATA; nothing is stored', async () => {
    const address = (await t.app.inject({ method: 'POST', url: '/api/v1/email/create', headers: auth })).json().email as string;
    const smtp = await dialog(await t.smtpPort());
    await smtp.command('EHLO client.test');
    await smtp.command('MAIL FROM:<a@example.com>');
    await smtp.command(`RCPT TO:<${address}>`);
    expect(await smtp.command('DATA')).toMatch(/^354/);
    smtp.write(`Subject: cut off\r\n\r\n${'x'.repeat(76)}\r\n`.repeat(Math.ceil((SPOOL_THRESHOLD_BYTES * 2) / 90)));
    // The message is being spooled (it is past the threshold) before the sender goes away.
    for (let i = 0; i < 100 && spooled().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(spooled()).toHaveLength(1);
    smtp.destroy();
    for (let i = 0; i < 50 && spooled().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(spooled()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/email/${address}/messages`, headers: auth })).json().count).toBe(0);
  });

  it('clears files a killed process left, and only old ones', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'old.eml'), 'x');
    fs.writeFileSync(path.join(dir, 'new.eml'), 'y');
    const past = new Date(Date.now() - 2 * 86_400_000);
    fs.utimesSync(path.join(dir, 'old.eml'), past, past);
    removeStaleSpoolFiles(dir, 86_400_000);
    expect(fs.readdirSync(dir)).toEqual(['new.eml']);
  });
});
