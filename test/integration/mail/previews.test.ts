import { execFileSync } from 'node:child_process';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { Previewer } from '../../../src/mail/checks/previews.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A tall red message in a layout of its own, and a short plain one. */
const RED = { html: '<!doctype html><html><body style="margin:0;background:#e00000"><div style="height:3000px;width:2000px">red</div></body></html>', text: null };
const PLAIN = { html: null, text: 'Your code is 482913.' };

const picture = (png: Buffer) => PNG.sync.read(png);
function hasRed(png: PNG): boolean {
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i] > 200 && png.data[i + 1] < 40 && png.data[i + 2] < 40) return true;
  return false;
}

/** Chromium renderer processes started by this test process (one per open page, and their ancestry leads here). */
function rendererPids(): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
  const parent = new Map(rows.map((r) => [r.pid, r.ppid]));
  const ours = (pid: number) => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  return rows.filter((r) => r.args.includes('--type=renderer') && ours(r.pid)).map((r) => r.pid);
}

describe('message previews with pages kept between renders', () => {
  const previewer = new Previewer(CHROMIUM, 1);
  afterAll(() => previewer.close());

  it('draws each message as a fresh page would, whatever the page drew before', async () => {
    // Drawn on a page of its own, the first the browser opened: what every later picture of it must equal.
    const first = await previewer.render(PLAIN, { width: 375, dark: false });
    const firstDark = await previewer.render(PLAIN, { width: 375, dark: true });

    const red = picture(await previewer.render(RED, { width: 1280, dark: true }));
    expect(red.width).toBe(1280);
    expect(red.height).toBe(3000);
    expect(hasRed(red)).toBe(true);

    // The same page, now narrower, light and with another document: nothing of the red message is left.
    const after = await previewer.render(PLAIN, { width: 375, dark: false });
    const plain = picture(after);
    expect(plain.width).toBe(375);
    expect(plain.height).toBeLessThan(200);
    expect(hasRed(plain)).toBe(false);
    expect([...plain.data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect(after.equals(first)).toBe(true);

    // And back to dark: the colour scheme follows the request, not the page's last render.
    const dark = await previewer.render(PLAIN, { width: 375, dark: true });
    expect(Math.max(...picture(dark).data.subarray(0, 3))).toBeLessThan(64);
    expect(dark.equals(firstDark)).toBe(true);
    expect(dark.equals(first)).toBe(false);
  });

  it("draws on a page of its own when the kept page's renderer has died meanwhile", async () => {
    const before = await previewer.render(PLAIN, { width: 375, dark: false });
    const pids = rendererPids();
    expect(pids.length).toBeGreaterThanOrEqual(1);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    expect((await previewer.render(PLAIN, { width: 375, dark: false })).equals(before)).toBe(true);
  });

  it('keeps a page open for the next render, and ends the browser and its pages when closed', async () => {
    await previewer.render(PLAIN, { width: 768, dark: false });
    expect(rendererPids().length).toBeGreaterThanOrEqual(1);
    await previewer.close();
    expect(rendererPids().length).toBe(0);
  });
});
