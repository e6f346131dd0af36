import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/app.js';

const root = path.resolve(import.meta.dirname, '../../..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/** `nginx -t` on a config, with pid, logs and temp files under a scratch prefix (no root-owned paths needed). */
function nginxTest(config: string): { status: number | null; output: string } {
  const prefix = tempDir('ephemail-nginx-');
  const run = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', config, '-g', `pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;`], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

// CI installs Debian's nginx (.ci/run); elsewhere the suite says why it skipped.
describe.skipIf(!NGINX && process.env.CI !== 'true')(`the sample nginx configurations in scripts/deploy${NGINX ? '' : ' (skipped: nginx is not installed)'}`, () => {
  for (const name of ['nginx-http.conf', 'nginx-smtp.conf']) {
    it(`${name} passes nginx -t`, () => {
      expect(NGINX, 'nginx must be installed (apt-get install nginx libnginx-mod-stream)').toBeDefined();
      const result = nginxTest(path.join(root, 'scripts/deploy', name));
      expect(result.output).toContain('syntax is ok');
      expect(result.status, result.output).toBe(0);
    });
  }

  it('would notice a broken configuration', () => {
    const broken = path.join(tempDir('ephemail-nginx-'), 'broken.conf');
    fs.writeFileSync(broken, fs.readFileSync(path.join(root, 'scripts/deploy/nginx-http.conf'), 'utf8').replace('proxy_pass http://ephemail_http;', 'proxy_pass http://ephemail_http'));
    const result = nginxTest(broken);
    expect(result.status).not.toBe(0);
  });
});
