import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', smtpPort: 2525, databaseUrl: null, mailDomains: ['ephemail.local'], dnsServers: [] });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('keeps SQLite list and get answers between changes unless SQLITE_KEPT_ANSWERS=false', () => {
    expect(loadConfig({}).sqliteKeptAnswers).toBe(true);
    expect(loadConfig({ SQLITE_KEPT_ANSWERS: 'false' }).sqliteKeptAnswers).toBe(false);
    expect(() => loadConfig({ SQLITE_KEPT_ANSWERS: 'sometimes' })).toThrow(/SQLITE_KEPT_ANSWERS/);
  });

  it('reads every documented variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      SMTP_PORT: '25',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      MAIL_DOMAINS: 'a.example, B.example.',
      DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353, [::1]:53',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      logLevel: 'debug',
      smtpPort: 25,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://127.0.0.1:6379',
      mailDomains: ['a.example', 'b.example'],
      dnsServers: ['1.1.1.1', '127.0.0.1:5353', '[::1]:53'],
    });
  });

  it('reads the webhook settings and PUBLIC_URL', () => {
    expect(loadConfig({})).toMatchObject({ webhooks: { allowPrivate: false, allowedNetworks: [], timeoutMs: 10_000 }, publicUrl: null });
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOWED_NETWORKS: '10.1.0.0/16, 127.0.0.1 ,fd00::/8', WEBHOOK_TIMEOUT_MS: '2500', PUBLIC_URL: 'https://mail.example.com/' }),
    ).toMatchObject({
      webhooks: { allowPrivate: true, allowedNetworks: ['10.1.0.0/16', '127.0.0.1', 'fd00::/8'], timeoutMs: 2500 },
      publicUrl: 'https://mail.example.com',
    });
    try {
      loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'sometimes', WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/33,intranet', WEBHOOK_TIMEOUT_MS: '99', PUBLIC_URL: 'mail.example.com' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('WEBHOOK_ALLOW_PRIVATE must be true or false (got "sometimes")');
      expect(problems).toContain('WEBHOOK_ALLOWED_NETWORKS entry "10.0.0.0/33" must be an IP address or a CIDR range');
      expect(problems).toContain('WEBHOOK_ALLOWED_NETWORKS entry "intranet"');
      expect(problems).toContain('WEBHOOK_TIMEOUT_MS must be a whole number from 100 to 60000 (got "99")');
      expect(problems).toContain('PUBLIC_URL must be an http:// or https:// URL');
    }
  });

  it('reads the message-check settings', () => {
    expect(loadConfig({}).checks).toEqual({
      spamd: null,
      links: { timeoutMs: 5000, concurrency: 8, allowPrivate: false },
      preview: { chromiumPath: '/usr/bin/chromium', concurrency: 2 },
    });
    expect(
      loadConfig({ SPAMD_HOST: '127.0.0.1', SPAMD_PORT: '7830', SPAMD_TIMEOUT_MS: '3000', LINK_CHECK_TIMEOUT_MS: '800', LINK_CHECK_CONCURRENCY: '3', LINK_CHECK_ALLOW_PRIVATE: 'true', CHROMIUM_PATH: '/opt/chrome/chrome', PREVIEW_CONCURRENCY: '4' }).checks,
    ).toEqual({
      spamd: { host: '127.0.0.1', port: 7830, timeoutMs: 3000 },
      links: { timeoutMs: 800, concurrency: 3, allowPrivate: true },
      preview: { chromiumPath: '/opt/chrome/chrome', concurrency: 4 },
    });
    expect(loadConfig({ SPAMD_HOST: 'spamd' }).checks.spamd).toEqual({ host: 'spamd', port: 783, timeoutMs: 15_000 });
    try {
      loadConfig({ SPAMD_PORT: '783', LINK_CHECK_CONCURRENCY: '0', PREVIEW_CONCURRENCY: '99' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('SPAMD_PORT is set but SPAMD_HOST is not');
      expect(problems).toContain('LINK_CHECK_CONCURRENCY must be a whole number from 1 to 64 (got "0")');
      expect(problems).toContain('PREVIEW_CONCURRENCY must be a whole number from 1 to 16 (got "99")');
    }
  });

  it('reads the dashboard settings', () => {
    expect(loadConfig({}).dashboard).toEqual({ selfServePlans: true, sessionTtlSeconds: 1_209_600, passwordHashCost: 15, rateLimit: 600, login: { perEmail: 10, perIp: 50, perAccount: 100, windowMs: 900_000 } });
    expect(
      loadConfig({ SELF_SERVE_PLANS: 'false', SESSION_TTL_SECONDS: '3600', PASSWORD_HASH_COST: '17', RATE_LIMIT_DASHBOARD: '60', RATE_LIMIT_LOGIN: '5', RATE_LIMIT_LOGIN_IP: '20', RATE_LIMIT_LOGIN_WINDOW_SECONDS: '60' }).dashboard,
    ).toEqual({ selfServePlans: false, sessionTtlSeconds: 3600, passwordHashCost: 17, rateLimit: 60, login: { perEmail: 5, perIp: 20, perAccount: 100, windowMs: 60_000 } });
    try {
      loadConfig({ SELF_SERVE_PLANS: 'perhaps', SESSION_TTL_SECONDS: '10', PASSWORD_HASH_COST: '9', RATE_LIMIT_LOGIN: '0', RATE_LIMIT_LOGIN_WINDOW_SECONDS: 'soon' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('SELF_SERVE_PLANS must be true or false (got "perhaps")');
      expect(problems).toContain('SESSION_TTL_SECONDS must be a whole number from 300 to 31536000 (got "10")');
      expect(problems).toContain('PASSWORD_HASH_COST must be a whole number from 10 to 18 (got "9")');
      expect(problems).toContain('RATE_LIMIT_LOGIN must be a whole number from 1 to 1000000 (got "0")');
      expect(problems).toContain('RATE_LIMIT_LOGIN_WINDOW_SECONDS must be a whole number from 1 to 86400 (got "soon")');
    }
  });

  it('reads the intake settings, with documented defaults, and refuses a lease shorter than the mail-auth budget', () => {
    expect(loadConfig({}).intake).toEqual({ concurrency: 8, maxQueued: 10_000, workers: Math.max(1, Math.min(4, os.availableParallelism() - 1)), workerNice: 5, leaseSeconds: 60, pollMs: 1000, burstRate: 0, burstBacklog: 1000, dnsCacheSize: 10_000, groupCommitDelayMs: 2, memoryReleaseAfter: 1000 });
    expect(
      loadConfig({ INTAKE_CONCURRENCY: '0', INTAKE_MAX_QUEUED: '3', INTAKE_WORKERS: '0', INTAKE_WORKER_NICE: '0', INTAKE_LEASE_SECONDS: '5', INTAKE_POLL_MS: '50', INTAKE_BURST_RATE: '200', INTAKE_BURST_BACKLOG: '50', DNS_CACHE_SIZE: '0', GROUP_COMMIT_DELAY_MS: '0', MEMORY_RELEASE_AFTER: '0' }).intake,
    ).toEqual({ concurrency: 0, maxQueued: 3, workers: 0, workerNice: 0, leaseSeconds: 5, pollMs: 50, burstRate: 200, burstBacklog: 50, dnsCacheSize: 0, groupCommitDelayMs: 0, memoryReleaseAfter: 0 });
    expect(() => loadConfig({ INTAKE_MAX_QUEUED: '0', INTAKE_WORKER_NICE: '20', INTAKE_BURST_RATE: '-1', GROUP_COMMIT_DELAY_MS: '100', MEMORY_RELEASE_AFTER: 'often', INTAKE_LEASE_SECONDS: '1', MAIL_AUTH_TIMEOUT_MS: '5000' })).toThrow(
      /INTAKE_MAX_QUEUED must be a whole number from 1[\s\S]*INTAKE_WORKER_NICE must be a whole number from 0 to 19[\s\S]*INTAKE_BURST_RATE must be a whole number from 0 to 1000000[\s\S]*GROUP_COMMIT_DELAY_MS must be a whole number from 0 to 50[\s\S]*MEMORY_RELEASE_AFTER must be a whole number from 0 to 10000000[\s\S]*INTAKE_LEASE_SECONDS \(1\) must be at least MAIL_AUTH_TIMEOUT_MS \(5000 ms\)/,
    );
  });

  it('lists every bad value at once, naming the variable and the rule', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', DNS_SERVERS: 'dns.google', MAIL_DOMAINS: 'not a domain', VERIFY_SMTP_PROBE: 'maybe' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
      expect(problems).toContain('LOG_LEVEL must be one of');
      expect(problems).toContain('DATABASE_URL must be a postgres://');
      expect(problems).toContain('DNS_SERVERS entry "dns.google"');
      expect(problems).toContain('MAIL_DOMAINS entry "not a domain"');
      expect(problems).toContain('VERIFY_SMTP_PROBE must be true or false');
    }
  });
});
