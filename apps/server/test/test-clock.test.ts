/**
 * The test clock (TEST_CLOCK=on, docs/api.md, Configuration): `POST /api/v1/test/clock` moves the
 * business clock forward only, behind the request signature; without the switch the path is an
 * unknown one, and a production configuration refuses the switch.
 */
import { ApiPaths } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { registerUser, useAccountsApp } from './accounts-helpers';
import { api, testConfig } from './helpers';

const t = useAccountsApp({ testClock: true });

const move = (advanceMs: unknown) => api(t.app, { method: 'POST', url: ApiPaths.testClock, body: { advanceMs } });

describe('POST /api/v1/test/clock', () => {
  it('is an unknown path when the test clock is off (the default)', async () => {
    expect(loadConfig({}).testClock).toBe(false);
    const app = await t.build({ config: testConfig() });
    const res = await api(app, { method: 'POST', url: ApiPaths.testClock, body: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(404);
  });

  it('reads the clock with 0 and moves it forward, for the business rules too', async () => {
    const read = await move(0);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toEqual({ now: t.clock.now, offsetMs: 0 });

    const user = await registerUser(t);
    const me = () => api(t.app, { url: ApiPaths.user(user.userId), token: user.token });
    expect((await me()).statusCode).toBe(200);

    // A week and a second: the session expires by the moved clock (the base did not move).
    const week = 7 * 24 * 3600_000 + 1000;
    const moved = await move(week);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toEqual({ now: t.clock.now + week, offsetMs: week });
    expect(t.app.clock()).toBe(t.clock.now + week);
    expect((await me()).statusCode).toBe(401);

    // Moves add up, and the base clock still runs underneath.
    t.clock.advance(5000);
    const again = await move(30_000);
    expect(again.json().data).toEqual({ now: t.clock.now + week + 30_000, offsetMs: week + 30_000 });
  });

  it('refuses to move backwards, or by a fraction, and keeps its time', async () => {
    await move(60_000);
    for (const bad of [-1, -60_000, 1.5, '1000', null]) {
      const res = await move(bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await move(-1)).json().msg).toMatch(/只能向前/);
    expect((await move(0)).json().data.offsetMs).toBe(60_000);
  });

  it('answers only signed requests', async () => {
    const res = await t.app.inject({ method: 'POST', url: ApiPaths.testClock, payload: { advanceMs: 1000 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('SIGN.INVALID');
    expect((await move(0)).json().data.offsetMs).toBe(0);
  });

  it('is refused by a production configuration', () => {
    const production = {
      NODE_ENV: 'production',
      SMS_PROVIDER: 'aliyun',
      EAV_SIGN_SECRET: 'a-real-signing-secret',
      URL_SIGNING_SECRET: 'a-real-url-signing-secret-0123456789',
      PUBLIC_ORIGIN: 'https://portal.example.edu.cn',
      TEACHING_BACKOFFICE_URL: 'https://teaching.example.edu.cn/sso',
    };
    expect(loadConfig(production).testClock).toBe(false);
    expect(() => loadConfig({ ...production, TEST_CLOCK: 'on' })).toThrow(
      /TEST_CLOCK=.*refused when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'on' }).testClock).toBe(true);
  });
});
