import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = path.join(root, 'scripts/start.sh');

/** Runs `npm start`'s script with `node -p EXPRESSION` in place of the bundle: what the started process is given. */
async function startWith(env: Record<string, string>, expression: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('sh', [script, '-p', expression], {
      cwd: root,
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, LD_PRELOAD: '', MALLOC_CONF: '', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout: stdout.trim(), stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout.trim(), stderr: e.stderr };
  }
}

const mapsJemalloc = "require('fs').readFileSync('/proc/self/maps', 'utf8').includes('libjemalloc')";
const jemallocInstalled = (() => {
  try {
    return /libjemalloc\.so\.2 /.test(execFileSync('ldconfig', ['-p'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
})();

describe('npm start (scripts/start.sh)', () => {
  it('runs Node with the flags the server was measured with', async () => {
    const r = await startWith({}, "process.execArgv.join(' ')");
    expect(r).toMatchObject({ code: 0 });
    expect(r.stdout).toContain('--max-semi-space-size=4');
    expect(r.stdout).toContain('--enable-source-maps');
  });

  it.runIf(process.platform === 'linux' && jemallocInstalled)('uses jemalloc when it is installed, with its decay settings', async () => {
    const r = await startWith({}, `[${mapsJemalloc}, process.env.MALLOC_CONF].join(' ')`);
    expect(r).toMatchObject({ code: 0, stdout: 'true narenas:2,background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0' });
    // An operator's own jemalloc settings win.
    expect((await startWith({ MALLOC_CONF: 'narenas:1' }, 'process.env.MALLOC_CONF')).stdout).toBe('narenas:1');
    expect((await startWith({ MEMORY_ALLOCATOR: 'jemalloc' }, mapsJemalloc)).stdout).toBe('true');
  });

  it.runIf(process.platform === 'linux')('keeps glibc\'s allocator, with two arenas, when MEMORY_ALLOCATOR=glibc', async () => {
    const r = await startWith({ MEMORY_ALLOCATOR: 'glibc' }, `[${mapsJemalloc}, process.env.MALLOC_ARENA_MAX].join(' ')`);
    expect(r).toMatchObject({ code: 0, stdout: 'false 2' });
  });

  it('refuses an allocator it does not know, naming the choices', async () => {
    const r = await startWith({ MEMORY_ALLOCATOR: 'tcmalloc' }, '1');
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("MEMORY_ALLOCATOR must be auto, jemalloc or glibc, not 'tcmalloc'");
  });

  // Only where the library is absent (the script also looks in fixed places, which a test cannot hide).
  it.runIf(!jemallocInstalled)('refuses MEMORY_ALLOCATOR=jemalloc where jemalloc cannot be found, saying how to install it', async () => {
    const r = await startWith({ MEMORY_ALLOCATOR: 'jemalloc' }, '1');
    expect(r.code).toBe(69);
    expect(r.stderr).toContain('libjemalloc.so.2 is not installed');
  });
});
