/**
 * deploy/env.example lists every variable the server reads (docs/operations.md, Install), and,
 * once its placeholders are filled in, is a configuration the server accepts in production; and
 * X-Forwarded-For decides the client address only with TRUST_PROXY (behind nginx).
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { LIMITS } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { envSchema, loadConfig } from '../src/config';
import { repoRoot } from '../src/lib/package-root';
import { api, testConfig, useTestApp } from './helpers';

const text = fs.readFileSync(path.join(repoRoot(), 'deploy', 'env.example'), 'utf8');
/** `KEY=value` lines, and `# KEY=value` lines (documented but left at the default). */
const active = new Map<string, string>();
const commented = new Set<string>();
for (const line of text.split('\n')) {
  const set = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
  if (set) active.set(set[1]!, set[2]!);
  const off = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
  if (off) commented.add(off[1]!);
}

const t = useTestApp();

describe('deploy/env.example', () => {
  it('names every configuration variable, and no other', () => {
    const known = Object.keys(envSchema.shape).sort();
    const listed = [...new Set([...active.keys(), ...commented])].sort();
    expect(listed).toEqual(known);
    // Each one once.
    expect(active.size + commented.size).toBe(listed.length);
  });

  it('is a valid production configuration once the placeholders are replaced', () => {
    const filled = Object.fromEntries(
      [...active].map(([k, v]) => [k, v.replace(/CHANGE-ME[\w-]*/g, `filled-${k.toLowerCase()}-0123456789`)]),
    );
    expect(filled.NODE_ENV).toBe('production');
    const config = loadConfig(filled);
    expect(config).toMatchObject({
      env: 'production',
      trustProxy: true,
      apiDocs: false,
      seedDemo: false,
      smsProvider: 'aliyun',
      webDistDir: undefined,
      metrics: { enabled: true, token: undefined },
    });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.redisUrl).toMatch(/^redis:\/\//);
    // Secrets are placeholders, never working values.
    expect(active.get('EAV_SIGN_SECRET')).toMatch(/^CHANGE-ME/);
    expect(active.get('URL_SIGNING_SECRET')).toMatch(/^CHANGE-ME/);
  });
});

describe('TRUST_PROXY', () => {
  /** Captcha images from one connection address with a new X-Forwarded-For each; answers the statuses. */
  async function captchas(trustProxy: boolean, n: number) {
    const app = await t.build({ config: testConfig({ trustProxy }) });
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await api(app, {
        url: '/api/v1/pub/user/verificationCode',
        query: { key: `kproxy${i}${trustProxy ? 't' : 'f'}0000` },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  // The per-address ceiling of captcha images; one more from the same address is refused.
  const overCeiling = LIMITS.accountRates.addressLoginPerMinute + 1;

  it('off (the default): a client cannot pick its address with X-Forwarded-For', async () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect((await captchas(false, overCeiling)).at(-1)).toBe(429);
  }, 120_000);

  it('on (behind nginx, which replaces the header): each forwarded address has its own limit', async () => {
    expect(new Set(await captchas(true, overCeiling))).toEqual(new Set([200]));
  }, 120_000);

  it('TRUSTED_PROXY_CIDRS: X-Forwarded-For is believed only from the listed proxies', async () => {
    expect(loadConfig({ TRUSTED_PROXY_CIDRS: '127.0.0.1/32, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUSTED_PROXY_CIDRS: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXY_CIDRS/);
    // The address Fastify settled on, as its request log records it.
    const seen: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          const entry = JSON.parse(line) as { req?: { remoteAddress?: string } };
          if (entry.req?.remoteAddress) seen.push(entry.req.remoteAddress);
        }
        done();
      },
    });
    const app = await t.build({
      config: testConfig({ trustProxy: ['127.0.0.1/32'] }),
      logger: { level: 'info', stream },
    });
    const ipOf = async (remoteAddress: string) => {
      await app.inject({
        url: '/api/v1/pub/user/verificationCode?key=kcidr0000000',
        remoteAddress,
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      return seen.at(-1);
    };
    expect(await ipOf('127.0.0.1')).toBe('198.51.100.7');
    expect(await ipOf('203.0.113.9')).toBe('203.0.113.9');
  });
});
