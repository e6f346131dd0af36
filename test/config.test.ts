import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', smtpPort: 2525, databaseUrl: null, mailDomains: ['ephemail.local'], dnsServers: [] });
    expect(c.dataDir).toMatch(/data$/);
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
