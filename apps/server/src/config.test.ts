import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { articlePageOrigins, loadConfig } from './config.ts';

describe('configuration', () => {
  it('uses the operator contract defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8000, host: '127.0.0.1', role: 'all', databaseUrl: undefined });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.logDir).toBe(path.resolve('./data/logs'));
  });

  it('reads DEMO_DIRECTORY_DELAY_MS as whole milliseconds, none by default', () => {
    expect(loadConfig({}).demoDirectoryDelayMs).toBe(0);
    expect(loadConfig({ DEMO_DIRECTORY_DELAY_MS: '150' }).demoDirectoryDelayMs).toBe(150);
    expect(() => loadConfig({ DEMO_DIRECTORY_DELAY_MS: '-1' })).toThrow(/DEMO_DIRECTORY_DELAY_MS/);
    expect(() => loadConfig({ DEMO_DIRECTORY_DELAY_MS: 'slow' })).toThrow(/DEMO_DIRECTORY_DELAY_MS/);
  });

  it('puts logs under DATA_DIR unless LOG_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/hub' }).logDir).toBe('/srv/hub/logs');
    expect(loadConfig({ DATA_DIR: '/srv/hub', LOG_DIR: '/var/log/hub' }).logDir).toBe('/var/log/hub');
  });

  it('refuses split roles on the embedded database, and names every bad variable', () => {
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE.*DATABASE_URL/);
    expect(loadConfig({ ROLE: 'api', DATABASE_URL: 'postgres://db/hub' }).role).toBe('api');
    expect(() => loadConfig({ PORT: 'eighty', ROLE: 'boss' })).toThrow(/PORT.*ROLE|ROLE.*PORT/);
  });

  it('trusts proxy headers only when TRUST_PROXY names who may send them', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hub.example.com' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      '::1',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '2', 'fe80::/129']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads the alert settings, refusing a bad SMTP_URL and SMTP without a sender at start', () => {
    expect(loadConfig({}).alerts).toEqual({ webhookSecret: undefined, smtpUrl: undefined, emailFrom: undefined });
    const smtp = { SMTP_URL: 'smtps://alerts%40example.com:p%40ss@smtp.example.com:465' };
    expect(loadConfig({ ...smtp, ALERT_EMAIL_FROM: 'Mining Hub <alerts@example.com>' }).alerts.smtpUrl).toBe(
      smtp.SMTP_URL,
    );
    expect(() => loadConfig(smtp)).toThrow('ALERT_EMAIL_FROM: is needed with SMTP_URL');
    for (const bad of ['smtp.example.com', 'http://smtp.example.com', 'smtp://']) {
      expect(() => loadConfig({ SMTP_URL: bad, ALERT_EMAIL_FROM: 'a@example.com' }), bad).toThrow(
        'SMTP_URL: must be smtp://',
      );
    }
    expect(() => loadConfig({ ...smtp, ALERT_EMAIL_FROM: 'Mining Hub' })).toThrow(
      'ALERT_EMAIL_FROM: must be an address',
    );
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short' })).toThrow('WEBHOOK_SECRET: must be at least 16 characters');
  });

  it('reads ALLOWED_PRIVATE_ORIGINS as origins, naming each entry that is not one', () => {
    const config = loadConfig({
      ALLOWED_PRIVATE_ORIGINS: 'http://intranet.local:8080/, HTTPS://News.Example.com',
      NEWS_FEEDS: 'http://10.0.0.7/feeds/mining.xml https://news.example.com/rss',
    });
    expect(config.allowedPrivateOrigins).toEqual(['http://intranet.local:8080', 'https://news.example.com']);
    expect(articlePageOrigins(config)).toEqual([
      'http://intranet.local:8080',
      'https://news.example.com',
      'http://10.0.0.7',
    ]);
    expect(loadConfig({}).allowedPrivateOrigins).toEqual([]);
    for (const bad of [
      'intranet.local',
      'ftp://files.local',
      'http://wiki.local/news',
      'http://a.local?x=1',
      'http://u:p@a.local',
    ]) {
      expect(() => loadConfig({ ALLOWED_PRIVATE_ORIGINS: `http://ok.local, ${bad}` }), bad).toThrow(
        `ALLOWED_PRIVATE_ORIGINS: "${bad}" is not an origin`,
      );
    }
  });
});
