import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_TESTS_REFRESH_MS, DEFAULT_RETRY, readAlertsConfig, readPageTestsRefreshMs, readServerConfig } from './config';

describe('server configuration', () => {
  it('defaults to SQLite in ./data, the inline worker and no GetCourse', () => {
    const config = readServerConfig({});
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/site.db') });
    expect(config.getCourse).toBeNull();
    expect(config.worker).toMatchObject({ mode: 'inline', pollMs: 1000, autopilotEveryMs: 600_000, retry: DEFAULT_RETRY });
    expect(config.limits).toEqual({ perAddressPerMinute: 30, perEmailPerHour: 10, pressurePerMinute: 60, hold: { perAddress: 4, perNetwork: 10 } });
    expect(config.retention).toEqual({ leadDays: 180, spamDays: 7, auditDays: 365 });
    expect(config.trustedProxies).toBe(0);
    expect(config.hashKey).toEqual({ kind: 'file', file: path.resolve('data/address-hash.key') });
    expect(config.metricsToken).toBeNull();
  });

  it('reads PostgreSQL, GetCourse, the worker and the limits from the environment', () => {
    const config = readServerConfig({
      DATABASE_URL: 'postgres://u@db:5432/site',
      GETCOURSE_ACCOUNT: 'school',
      GETCOURSE_API_KEY: 'secret',
      OUTBOX_WORKER: 'off',
      OUTBOX_POLL_MS: '200',
      AUTOPILOT_EVERY_MS: '1000',
      RATE_LIMIT_PER_MINUTE: 'lots',
      RATE_LIMIT_PER_EMAIL_PER_HOUR: '4',
      LEAD_PRESSURE_PER_MINUTE: '50',
      LEAD_HOLD_PER_ADDRESS: '6',
      LEAD_HOLD_PER_NETWORK: '0',
      LEAD_RETENTION_DAYS: '90',
      TRUST_PROXY: '1',
      ADDRESS_HASH_KEY: 'k'.repeat(40),
      SITE_URL: 'https://school.example/path',
      METRICS_TOKEN: ' scrape-secret ',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/site' });
    expect(config.getCourse).toEqual({ baseUrl: 'https://school.getcourse.ru', apiKey: 'secret', timeoutMs: 10_000 });
    expect(config.worker).toMatchObject({ mode: 'off', pollMs: 200, autopilotEveryMs: 1000 });
    expect(config.limits).toEqual({ perAddressPerMinute: 30, perEmailPerHour: 4, pressurePerMinute: 50, hold: { perAddress: 6, perNetwork: 10 } });
    expect(config.retention.leadDays).toBe(90);
    expect(config.trustedProxies).toBe(1);
    expect(config.hashKey).toEqual({ kind: 'value', value: 'k'.repeat(40) });
    expect(config.siteOrigin).toBe('https://school.example');
    expect(config.metricsToken).toBe('scrape-secret');
  });

  it('counts TRUST_PROXY as proxy hops: a number, true for one, anything else none', () => {
    expect(readServerConfig({ TRUST_PROXY: '2' }).trustedProxies).toBe(2);
    expect(readServerConfig({ TRUST_PROXY: 'true' }).trustedProxies).toBe(1);
    expect(readServerConfig({ TRUST_PROXY: 'yes' }).trustedProxies).toBe(0);
    expect(readServerConfig({ TRUST_PROXY: '-1' }).trustedProxies).toBe(0);
  });

  it('refuses a short ADDRESS_HASH_KEY', () => {
    expect(() => readServerConfig({ ADDRESS_HASH_KEY: 'short' })).toThrow(/ADDRESS_HASH_KEY/);
  });

  it('sends the API key and leads to GetCourse over https only (plain http to this machine, for tests)', () => {
    const env = { GETCOURSE_API_KEY: 'k' };
    expect(() => readServerConfig({ ...env, GETCOURSE_BASE_URL: 'http://school.getcourse.ru' })).toThrow(/https/);
    expect(() => readServerConfig({ ...env, GETCOURSE_BASE_URL: 'ftp://127.0.0.1' })).toThrow(/https/);
    expect(readServerConfig({ ...env, GETCOURSE_BASE_URL: 'https://school.getcourse.ru' }).getCourse?.baseUrl).toBe('https://school.getcourse.ru');
    expect(readServerConfig({ ...env, GETCOURSE_BASE_URL: 'http://localhost:4200' }).getCourse?.baseUrl).toBe('http://localhost:4200');
  });

  it('needs the key and an account or a base URL to call GetCourse', () => {
    expect(readServerConfig({ GETCOURSE_ACCOUNT: 'school' }).getCourse).toBeNull();
    expect(readServerConfig({ GETCOURSE_API_KEY: 'k' }).getCourse).toBeNull();
    expect(readServerConfig({ GETCOURSE_API_KEY: 'k', GETCOURSE_BASE_URL: 'http://127.0.0.1:4200/' }).getCourse).toMatchObject({
      baseUrl: 'http://127.0.0.1:4200',
    });
  });

  it('reads the running page tests every 30 s unless told, and refuses more than the 5 minutes an edit may take to go live', () => {
    expect(DEFAULT_PAGE_TESTS_REFRESH_MS).toBe(30_000);
    expect(readServerConfig({}).pageTestsRefreshMs).toBe(DEFAULT_PAGE_TESTS_REFRESH_MS);
    expect(readPageTestsRefreshMs({ PAGE_TESTS_REFRESH_MS: '2000' })).toBe(2000);
    expect(readPageTestsRefreshMs({ PAGE_TESTS_REFRESH_MS: 'soon' })).toBe(DEFAULT_PAGE_TESTS_REFRESH_MS);
    expect(readPageTestsRefreshMs({ PAGE_TESTS_REFRESH_MS: '300000' })).toBe(300_000);
    expect(() => readPageTestsRefreshMs({ PAGE_TESTS_REFRESH_MS: '300001' })).toThrow(/PAGE_TESTS_REFRESH_MS must be at most 300000/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});

describe('lead alert settings from the environment', () => {
  it('has no channel unless its variables are set', () => {
    expect(readAlertsConfig({})).toEqual({ telegram: null, email: null, siteUrl: null, seedRecipients: null });
  });

  it('reads the Telegram token, the API address override, the SMTP server and the sender', () => {
    const config = readAlertsConfig({
      TELEGRAM_BOT_TOKEN: ' 123:abc ',
      TELEGRAM_API_URL: 'http://127.0.0.1:4301/',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      LEAD_ALERT_FROM: 'Сайт <site@school.example>',
      SITE_URL: 'https://school.example',
      LEAD_ALERT_EMAILS: 'a@school.example, b@school.example',
    });
    expect(config).toEqual({
      telegram: { apiUrl: 'http://127.0.0.1:4301', token: '123:abc', timeoutMs: 10_000 },
      email: { smtpUrl: 'smtps://user:pass@smtp.example:465', from: 'Сайт <site@school.example>', timeoutMs: 10_000 },
      siteUrl: 'https://school.example',
      seedRecipients: { telegramChats: '', emails: 'a@school.example\nb@school.example' },
    });
    expect(readAlertsConfig({ TELEGRAM_BOT_TOKEN: 'x' }).telegram?.apiUrl).toBe('https://api.telegram.org');
  });

  it('refuses a plain-http Telegram address off this machine, SMTP without a sender, a sender over two lines', () => {
    expect(() => readAlertsConfig({ TELEGRAM_BOT_TOKEN: 'x', TELEGRAM_API_URL: 'http://evil.example' })).toThrow(/TELEGRAM_API_URL/);
    expect(() => readAlertsConfig({ SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/LEAD_ALERT_FROM/);
    expect(() => readAlertsConfig({ SMTP_URL: 'smtp://127.0.0.1:25', LEAD_ALERT_FROM: 'a@b.example\r\nBcc: c@d.example' })).toThrow(/one line/);
    expect(() => readAlertsConfig({ SMTP_URL: 'http://x' })).toThrow(/SMTP_URL/);
  });
});
