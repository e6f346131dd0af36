import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createAccount } from '../../src/identity/accounts.js';
import { createKey } from '../../src/identity/keys.js';
import { answers, exited, freePort, greets, onFreePorts } from '../../test/helpers/probes.js';

export { freePort };

/**
 * What the chaos scenarios run against: real server processes (src/main.ts) on a PostgreSQL database of their own,
 * optionally a redis-server of their own (so stopping it disturbs no one else) and Debian's nginx in front, with the
 * sample configurations of scripts/deploy. Everything listens on loopback; the tests in test/system/reliability and
 * `npm run chaos` share it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => fs.existsSync(p));
export const DOMAIN = 'chaos.test';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}




/** How an instance's process is started: the bundle `npm start` runs (useServerBundle), or src/main.ts through tsx. */
let serverArgs = ['--import', 'tsx', 'src/main.ts'];
/** Runs every instance started from now on from a built bundle (`node BUNDLE`), as operators run the server. */
export function useServerBundle(bundle: string): void {
  serverArgs = [bundle];
}

/** One server process on fixed ports, so it can be stopped and started again where the balancer expects it. */
export class Instance {
  child: ChildProcess | undefined;
  /** Exit codes of earlier runs (a SIGTERM must end with 0). */
  readonly exits: Array<number | null> = [];
  private out = '';
  constructor(
    readonly name: string,
    readonly port: number,
    readonly smtpPort: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }
  output(): string {
    return this.out;
  }
  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once /health answers and SMTP greets. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, serverArgs, {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', BOOTSTRAP: 'false', ...this.env, PORT: String(this.port), SMTP_PORT: String(this.smtpPort), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.once('exit', (code) => this.exits.push(code));
    const keep = (c: Buffer) => {
      this.out += c.toString();
      if (this.out.length > 200_000) this.out = this.out.slice(-100_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (!this.running()) throw new Error(`${this.name} exited during start-up:\n${this.out}`);
      if ((await greets(this.smtpPort)) && (await answers(`${this.url}/health`))) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not start within 60 s:\n${this.out}`);
      await sleep(100);
    }
  }

  /** SIGTERM, as an operator stops it; resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || !this.running()) return child?.exitCode ?? null;
    child.kill('SIGTERM');
    await exited(child);
    return child.exitCode;
  }

  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** A redis-server of our own on a free loopback port, which a scenario may stop and start again. */
export class OwnRedis {
  private child: ChildProcess | undefined;
  private constructor(readonly port: number) {}
  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    if (!REDIS_SERVER) throw new Error('redis-server is not installed');
    const child = spawn(REDIS_SERVER, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    this.child = child;
    for (let i = 0; i < 100; i++) {
      if (await new Promise<boolean>((resolve) => {
        const s = net.connect(this.port, '127.0.0.1');
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      })) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  }
  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGKILL');
    await exited(this.child);
    this.child = undefined;
  }
}

/**
 * Debian's nginx with scripts/deploy/nginx-http.conf and nginx-smtp.conf as shipped, except for what a test must
 * change: the listening ports (loopback, free ones) and the upstream servers (our instances, with the sample's
 * parameters).
 */
export class Nginx {
  private children: ChildProcess[] = [];
  private constructor(
    readonly httpPort: number,
    readonly smtpPort: number,
    private readonly prefix: string,
  ) {}

  static async start(instances: Instance[]): Promise<Nginx> {
    if (!NGINX) throw new Error('nginx is not installed');
    const nginx = new Nginx(await freePort(), await freePort(), tempDir('ephemail-chaos-nginx-'));
    fs.mkdirSync(path.join(nginx.prefix, 'logs'));
    const adapt = (file: string, listen: RegExp, port: number, upstream: (i: Instance) => number) => {
      let text = fs.readFileSync(path.join(root, 'scripts/deploy', file), 'utf8');
      const servers = [...text.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;\n/gm)];
      if (servers.length === 0 || !listen.test(text)) throw new Error(`${file}: no upstream servers or listen line to adapt`);
      const [first] = servers;
      const ours = instances.map((i) => `${first[1]}server 127.0.0.1:${upstream(i)}${first[2] ?? ''};\n`).join('');
      text = text.replace(first[0], '\u0000');
      for (const s of servers.slice(1)) text = text.replace(s[0], '');
      return text.replace('\u0000', ours).replace(listen, `listen 127.0.0.1:${port};`);
    };
    const configs = {
      'http.conf': adapt('nginx-http.conf', /listen 80;/, nginx.httpPort, (i) => i.port),
      'smtp.conf': adapt('nginx-smtp.conf', /listen 25;/, nginx.smtpPort, (i) => i.smtpPort),
    };
    for (const [name, text] of Object.entries(configs)) {
      const file = path.join(nginx.prefix, name);
      fs.writeFileSync(file, text);
      const child = spawn(
        NGINX,
        ['-p', nginx.prefix, '-c', file, '-g', `daemon off; user ${os.userInfo().username}; pid ${nginx.prefix}/${name}.pid; error_log ${nginx.prefix}/logs/${name}.error.log;`],
        { stdio: 'ignore' },
      );
      nginx.children.push(child);
    }
    for (let i = 0; ; i++) {
      const up = await Promise.all([nginx.httpPort, nginx.smtpPort].map((p) => new Promise<boolean>((resolve) => {
        const s = net.connect(p, '127.0.0.1');
        s.once('connect', () => (s.destroy(), resolve(true)));
        s.once('error', () => resolve(false));
      })));
      if (up.every(Boolean)) return nginx;
      if (i > 100 || nginx.children.some((c) => c.exitCode !== null)) throw new Error(`nginx did not start: ${nginx.errors()}`);
      await sleep(50);
    }
  }

  get url(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }
  errors(): string {
    return ['http.conf', 'smtp.conf']
      .map((n) => path.join(this.prefix, 'logs', `${n}.error.log`))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('');
  }
  async stop(): Promise<void> {
    for (const child of this.children) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
}

export interface WorldOptions {
  instances: number;
  /** Our own redis-server (REDIS_URL of every instance). */
  redis?: boolean;
  nginx?: boolean;
  /** Environment of every instance (after the defaults below). */
  env?: Record<string, string>;
}

export interface World {
  databaseUrl: string;
  /** The database's name: sessions with it are this world's (pg_terminate_backend picks them by it). */
  databaseName: string;
  redis: OwnRedis | undefined;
  instances: Instance[];
  nginx: Nginx | undefined;
  /** Where clients go: nginx when there is one, the first instance otherwise. */
  httpUrl: string;
  smtpPort: number;
  developerKey: string;
  toolsKey: string;
  /** A handle on the store from this process. */
  open(): Promise<Database>;
  close(): Promise<void>;
}

export async function createWorld(options: WorldOptions): Promise<World> {
  const databaseName = `ephemail_chaos_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  const dataDir = tempDir('ephemail-chaos-');
  const open = () => openDatabase({ databaseUrl, dataDir });

  let redis: OwnRedis | undefined;
  let nginx: Nginx | undefined;
  const instances: Instance[] = [];
  const close = async () => {
    for (const i of instances) await i.kill();
    await nginx?.stop();
    await redis?.stop();
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop database if exists "${databaseName}" with (force)`);
    await client.end();
  };
  try {
    const database = await open();
    let developerKey: string;
    let toolsKey: string;
    try {
      const account = await createAccount(database.db, `chaos-${databaseName}@example.com`, 'developer');
      developerKey = (await createKey(database.db, account, 'developer')).key;
      toolsKey = (await createKey(database.db, account, 'tools')).key;
    } finally {
      await database.close();
    }
    if (options.redis) redis = await OwnRedis.start();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      MAIL_DOMAINS: DOMAIN,
      TRUST_PROXY: 'true',
      ...(redis ? { REDIS_URL: redis.url } : {}),
      ...options.env,
    };
    // Each on ports of its own, found again when another process took one between freePort() and the listen.
    const started = await Promise.allSettled(
      Array.from({ length: options.instances }, (_, n) =>
        onFreePorts(async () => {
          const instance = new Instance(String.fromCharCode(65 + n), await freePort(), await freePort(), { ...env, DATA_DIR: tempDir('ephemail-chaos-') });
          try {
            await instance.start();
            return instance;
          } catch (err) {
            await instance.kill();
            throw err;
          }
        }),
      ),
    );
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    if (options.nginx) nginx = await Nginx.start(instances);
    return {
      databaseUrl,
      databaseName,
      redis,
      instances,
      nginx,
      httpUrl: nginx?.url ?? instances[0].url,
      smtpPort: nginx?.smtpPort ?? instances[0].smtpPort,
      developerKey,
      toolsKey,
      open,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Ends the PostgreSQL sessions of this world's database only (other suites' databases are left alone). */
export async function terminateSessions(world: World): Promise<number> {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      world.databaseName,
    ]);
    return rows[0].n as number;
  } finally {
    await admin.end();
  }
}
