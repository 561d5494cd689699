import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../test/production-env';
import { ConfigError, FAKE_TEACHING_BACKOFFICE_PATH, loadConfig } from './config';

const production = PRODUCTION_ENV;

describe('loadConfig (docs/api.md, Configuration)', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.smsProvider).toBe('dev');
    expect(c.seedDemo).toBe('fresh');
    expect(c.dataDir).toMatch(/data$/);
  });

  it('seeds demo data only into a fresh embedded database unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/eav' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/eav', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
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

  it('reads REMOTE_MEDIA_HOSTS as a lower-case host list, empty by default, and refuses URLs', () => {
    expect(loadConfig({}).remoteMediaHosts).toEqual([]);
    expect(
      loadConfig({ REMOTE_MEDIA_HOSTS: ' CDN.Example.com , files.example.edu.cn:8443,' }).remoteMediaHosts,
    ).toEqual(['cdn.example.com', 'files.example.edu.cn:8443']);
    expect(() => loadConfig({ REMOTE_MEDIA_HOSTS: 'https://cdn.example.com/' })).toThrow(/REMOTE_MEDIA_HOSTS/);
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
    ['TEST_CLOCK', { TEST_CLOCK: 'on' }],
  ])('refuses %s test settings in production', (name, override) => {
    expect(() => loadConfig({ ...production, ...override })).toThrow(new RegExp(name));
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://teaching.example.edu.cn/sso', '//evil.example', '/sso'])(
    'refuses TEACHING_BACKOFFICE_URL=%s (the web opens it in a new window: https only)',
    (url) => {
      expect(() => loadConfig({ TEACHING_BACKOFFICE_URL: url })).toThrow(/TEACHING_BACKOFFICE_URL/);
    },
  );

  it('accepts an https TEACHING_BACKOFFICE_URL', () => {
    const url = 'https://teaching.example.edu.cn/sso?from=portal';
    expect(loadConfig({ TEACHING_BACKOFFICE_URL: url }).teachingBackofficeUrl).toBe(url);
    expect(loadConfig({ ...production, TEACHING_BACKOFFICE_URL: url }).teachingBackofficeUrl).toBe(url);
  });

  it('sends 教学后台 to the fake back-office outside production, and requires the address in production', () => {
    expect(loadConfig({}).teachingBackofficeUrl).toBe('/fake-idp/teaching/');
    expect(loadConfig({ TEACHING_BACKOFFICE_URL: '' }).teachingBackofficeUrl).toBe(FAKE_TEACHING_BACKOFFICE_PATH);
    const { TEACHING_BACKOFFICE_URL: _, ...unset } = production;
    expect(() => loadConfig(unset)).toThrow(/TEACHING_BACKOFFICE_URL.*required when NODE_ENV=production/);
    // The fake's path cannot be configured: a configured address is https.
    expect(() => loadConfig({ ...production, TEACHING_BACKOFFICE_URL: FAKE_TEACHING_BACKOFFICE_PATH })).toThrow(
      /TEACHING_BACKOFFICE_URL/,
    );
  });

  it('keeps files on local disk by default, and needs every S3 setting for FILE_STORAGE=s3', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
    const s3 = {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'https://oss.example.cn/',
      S3_REGION: 'cn-hangzhou',
      S3_BUCKET: 'eav-files',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    };
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'https://oss.example.cn',
      region: 'cn-hangzhou',
      bucket: 'eav-files',
      accessKeyId: 'AKID',
      secretAccessKey: 'very-secret-value',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).fileStorage).toMatchObject({ forcePathStyle: true });
    // S3 settings without FILE_STORAGE=s3 are simply unused.
    expect(loadConfig({ ...s3, FILE_STORAGE: 'local' }).fileStorage).toEqual({ kind: 'local' });
    for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(() => loadConfig({ ...s3, [name]: '' }), name).toThrow(
        new RegExp(`${name}=(""|\\*\\*\\*): is required when FILE_STORAGE=s3`),
      );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'oss.example.cn' })).toThrow(/S3_ENDPOINT="oss.example.cn"/);
    expect(() => loadConfig({ ...s3, FILE_STORAGE: 'nfs' })).toThrow(/FILE_STORAGE="nfs"/);
  });

  it('never quotes a secret in a configuration error', () => {
    let message = '';
    try {
      loadConfig({ URL_SIGNING_SECRET: 'short-secret', METRICS_TOKEN: 'tok-123' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/URL_SIGNING_SECRET=\*\*\*: /);
    expect(message).toMatch(/METRICS_TOKEN=\*\*\*: /);
    expect(message).not.toMatch(/short-secret|tok-123/);
  });
});
