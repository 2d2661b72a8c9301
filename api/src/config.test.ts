import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config';

// A well-formed placeholder: configuration only checks that one is given.
const ADMIT_CARD_SIGNING_KEY = '-----BEGIN PRIVATE KEY-----\nplaceholder-of-forty-characters-or-more\n-----END PRIVATE KEY-----';

describe('parseConfig', () => {
  it('gives working defaults for the zero-set-up start', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ port: 8080, databaseUrl: undefined, dataDir: './data', seedDemo: true, accessTokenTtlSeconds: 900 });
  });

  it('names every wrong value in one message', () => {
    expect(() => parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('requires a signing secret in production and keeps demo accounts off there', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toThrow(/ADMIT_CARD_SIGNING_KEY/);
    const production = parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIT_CARD_SIGNING_KEY });
    expect(production.seedDemo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIT_CARD_SIGNING_KEY, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('runs several API workers on PostgreSQL only', () => {
    expect(parseConfig({}).apiWorkers).toBe(1);
    expect(() => parseConfig({ API_WORKERS: '2' })).toThrow(/API_WORKERS: more than 1 needs DATABASE_URL/);
    expect(parseConfig({ API_WORKERS: '2', DATABASE_URL: 'postgres://psc@localhost/psc' }).apiWorkers).toBe(2);
    expect(() => parseConfig({ API_WORKERS: '0', DATABASE_URL: 'postgres://psc@localhost/psc' })).toThrow(/API_WORKERS/);
  });

  it('reads from a replica only beside a PostgreSQL primary', () => {
    expect(parseConfig({}).databaseReplicaUrl).toBeUndefined();
    expect(() => parseConfig({ DATABASE_REPLICA_URL: 'postgres://psc@replica/psc' })).toThrow(/DATABASE_REPLICA_URL: needs DATABASE_URL/);
    expect(() => parseConfig({ DATABASE_URL: 'postgres://psc@localhost/psc', DATABASE_REPLICA_URL: 'replica:5432' })).toThrow(
      /DATABASE_REPLICA_URL: must start with postgres/,
    );
    const config = parseConfig({ DATABASE_URL: 'postgres://psc@localhost/psc', DATABASE_REPLICA_URL: 'postgresql://psc@replica/psc' });
    expect(config.databaseReplicaUrl).toBe('postgresql://psc@replica/psc');
  });

  it('keeps session checks 5 seconds by default, 0 turning the keeping off, a minute at most', () => {
    expect(parseConfig({}).sessionCheckCacheSeconds).toBe(5);
    expect(parseConfig({ SESSION_CHECK_CACHE_SECONDS: '0' }).sessionCheckCacheSeconds).toBe(0);
    expect(() => parseConfig({ SESSION_CHECK_CACHE_SECONDS: '61' })).toThrow(/SESSION_CHECK_CACHE_SECONDS/);
    expect(() => parseConfig({ SESSION_CHECK_CACHE_SECONDS: '-1' })).toThrow(/SESSION_CHECK_CACHE_SECONDS/);
  });

  it("refuses eSewa's public test key in production with a real gateway", () => {
    const gateway = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIT_CARD_SIGNING_KEY, ESEWA_FORM_URL: 'https://epay.example/form', ESEWA_STATUS_URL: 'https://epay.example/status' };
    expect(() => parseConfig(gateway)).toThrow(/ESEWA_SECRET_KEY/);
    expect(parseConfig({ ...gateway, ESEWA_SECRET_KEY: 'merchant-secret-key' }).esewa.secretKey).toBe('merchant-secret-key');
  });

  it('keeps a started online payment open 30 minutes unless told otherwise', () => {
    expect(parseConfig({}).onlinePaymentSessionMinutes).toBe(30);
    expect(parseConfig({ ESEWA_SESSION_MINUTES: '45' }).onlinePaymentSessionMinutes).toBe(45);
    expect(() => parseConfig({ ESEWA_SESSION_MINUTES: '1' })).toThrow(/ESEWA_SESSION_MINUTES/);
  });

  it('lets browsers and proxies keep a public advertisement answer 10 seconds unless told otherwise', () => {
    expect(parseConfig({}).publicCacheMaxAgeSeconds).toBe(10);
    expect(parseConfig({ PUBLIC_CACHE_MAX_AGE_SECONDS: '0' }).publicCacheMaxAgeSeconds).toBe(0);
    expect(() => parseConfig({ PUBLIC_CACHE_MAX_AGE_SECONDS: '-1' })).toThrow(/PUBLIC_CACHE_MAX_AGE_SECONDS/);
  });

  it('keeps mail in the outbox and SMS unsent unless told otherwise, and checks the messaging values', () => {
    expect(parseConfig({})).toMatchObject({
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      smsProvider: 'outbox-only',
      outboxSenderIntervalSeconds: 10,
    });
    expect(parseConfig({ PUBLIC_URL: 'https://psc.example.np/' }).publicUrl).toBe('https://psc.example.np');
    // Links in mail reach this machine's portal on whatever port it listens.
    expect(parseConfig({ PORT: '8091' }).publicUrl).toBe('http://localhost:8091');
    expect(parseConfig({ PORT: '8091', PUBLIC_URL: 'https://psc.example.np' }).publicUrl).toBe('https://psc.example.np');
    expect(() => parseConfig({ SMTP_URL: 'mail.example.np' })).toThrow(/SMTP_URL: must start with smtp/);
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => parseConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL: required/);
    expect(parseConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9000/sms' }).smsHttpUrl).toBe('http://127.0.0.1:9000/sms');
  });

  it('points Sparrow SMS at the loopback sandbox outside production, and wants a token in production', () => {
    expect(parseConfig({ SMS_PROVIDER: 'sparrow', PORT: '8091' }).sparrow).toMatchObject({ url: 'http://127.0.0.1:8091/sms-sandbox/v2', sandbox: true });
    const real = parseConfig({ SMS_PROVIDER: 'sparrow', SPARROW_SMS_URL: 'https://api.sparrowsms.com/v2', SPARROW_SMS_TOKEN: 'a-real-token-value', SPARROW_SMS_FROM: 'PSC' });
    expect(real.sparrow).toEqual({ url: 'https://api.sparrowsms.com/v2', token: 'a-real-token-value', from: 'PSC', sandbox: false });
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIT_CARD_SIGNING_KEY, SMS_PROVIDER: 'sparrow' };
    expect(() => parseConfig(production)).toThrow(/SPARROW_SMS_TOKEN: required in production/);
    // The message names the variable, never a value.
    expect(parseConfig({ ...production, SPARROW_SMS_TOKEN: 'a-real-token-value' }).sparrow).toMatchObject({ url: 'https://api.sparrowsms.com/v2', sandbox: false });
  });
});
