import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'aliyun',
  EAV_SIGN_SECRET: 'a-real-signing-secret',
  URL_SIGNING_SECRET: 'a-real-url-signing-secret-0123456789',
};

describe('loadConfig (contract section 5)', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.smsProvider).toBe('dev');
    expect(c.seedDemo).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT="eighty"/);
      expect((err as Error).message).toMatch(/DATABASE_URL="mysql:\/\/x"/);
    }
  });

  it('accepts a production configuration and seeds no demo data there by default', () => {
    const c = loadConfig(production);
    expect(c.env).toBe('production');
    expect(c.seedDemo).toBe(false);
  });

  it.each([
    ['SMS_PROVIDER', { SMS_PROVIDER: 'dev' }],
    ['CAPTCHA_FIXED_CODE', { CAPTCHA_FIXED_CODE: '2468' }],
    ['EAV_SIGN_SECRET', { EAV_SIGN_SECRET: undefined }],
    ['SEED_DEMO', { SEED_DEMO: 'true' }],
  ])('refuses %s test settings in production', (name, override) => {
    expect(() => loadConfig({ ...production, ...override })).toThrow(new RegExp(name));
  });
});
