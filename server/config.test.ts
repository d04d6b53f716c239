import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, readServerConfig } from './config';

describe('server configuration', () => {
  it('defaults to SQLite in ./data, the inline worker and no GetCourse', () => {
    const config = readServerConfig({});
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('data/site.db') });
    expect(config.getCourse).toBeNull();
    expect(config.worker).toMatchObject({ mode: 'inline', pollMs: 1000, retry: DEFAULT_RETRY });
    expect(config.rateLimitPerMinute).toBe(30);
    expect(config.trustProxy).toBe(false);
  });

  it('reads PostgreSQL, GetCourse, the worker and the limits from the environment', () => {
    const config = readServerConfig({
      DATABASE_URL: 'postgres://u@db:5432/site',
      GETCOURSE_ACCOUNT: 'school',
      GETCOURSE_API_KEY: 'secret',
      OUTBOX_WORKER: 'off',
      OUTBOX_POLL_MS: '200',
      RATE_LIMIT_PER_MINUTE: 'lots',
      TRUST_PROXY: '1',
      SITE_URL: 'https://school.example/path',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/site' });
    expect(config.getCourse).toEqual({ baseUrl: 'https://school.getcourse.ru', apiKey: 'secret', timeoutMs: 10_000 });
    expect(config.worker).toMatchObject({ mode: 'off', pollMs: 200 });
    expect(config.rateLimitPerMinute).toBe(30);
    expect(config.trustProxy).toBe(true);
    expect(config.siteOrigin).toBe('https://school.example');
  });

  it('needs the key and an account or a base URL to call GetCourse', () => {
    expect(readServerConfig({ GETCOURSE_ACCOUNT: 'school' }).getCourse).toBeNull();
    expect(readServerConfig({ GETCOURSE_API_KEY: 'k' }).getCourse).toBeNull();
    expect(readServerConfig({ GETCOURSE_API_KEY: 'k', GETCOURSE_BASE_URL: 'http://127.0.0.1:4200/' }).getCourse).toMatchObject({
      baseUrl: 'http://127.0.0.1:4200',
    });
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => readServerConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
  });
});
