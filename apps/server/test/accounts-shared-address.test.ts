/**
 * A whole school behind one public address (docs/accounts.md, Rate limits): a class logs in at
 * once, and one person's wrong guesses lock nobody else out; limits are keyed by what an attacker
 * spends (account, phone), the address only bears a flood ceiling. Also the global SMS budget.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/features/accounts/password';
import {
  apiFrom,
  CAPTCHA,
  newCaptcha,
  PASSWORD,
  passwordLogin,
  randomIp,
  randomName,
  randomPhone,
  registerUser,
  requestSms,
  smsFlow,
  useAccountsApp,
} from './accounts-helpers';

const t = useAccountsApp();

function smsLogin(ip: string, phone: string, smsCode: string, smsTicket?: string) {
  return apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/login',
    body: { phone, smsCode, ...(smsTicket ? { smsTicket } : {}), platform: 'WEB' },
  });
}

describe('a class behind one school address', () => {
  it('50 pupils log in by password with a captcha each, from one address within a minute', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const at = new Date(t.clock.now);
    const pupils = await t.app.db
      .insert(users)
      .values(
        Array.from({ length: 50 }, () => ({
          userName: randomName('p'),
          phone: randomPhone(),
          passwordHash,
          identity: 'student',
          roles: ['student'],
          createdAt: at,
          updatedAt: at,
        })),
      )
      .returning({ userName: users.userName });
    const school = randomIp();
    const statuses: number[] = [];
    for (const p of pupils) {
      // A wrong captcha first for a few, as children type: it costs them another image.
      if (statuses.length % 10 === 0) {
        const key = await newCaptcha(t.app, school);
        const wrong = await apiFrom(t.app, school, {
          method: 'POST',
          url: '/api/v1/pub/login',
          body: { account: p.userName, password: PASSWORD, captchaKey: key, captchaCode: 'zzzz', platform: 'WEB' },
        });
        expect(wrong.json().code).toBe('AUTH.CAPTCHA_INVALID');
      }
      statuses.push((await passwordLogin(t.app, p.userName, PASSWORD, school)).statusCode);
    }
    expect(statuses).toEqual(Array(50).fill(200));
  }, 120_000);

  it("wrong SMS codes for phone A from the school address do not lock phone B's login there", async () => {
    const school = randomIp();
    const a = await registerUser(t);
    const b = await registerUser(t);
    t.clock.advance(61_000);
    const mine = await smsFlow(t, b.phone, 'login', school);
    // The prankster: wrong codes for A, with made-up tickets and without any.
    for (let i = 0; i < 12; i++)
      await smsLogin(
        school,
        a.phone,
        '123456',
        i % 2 ? `${900_000 + i}.${randomBytes(32).toString('base64url')}` : undefined,
      );
    expect((await smsLogin(school, a.phone, '123456')).json().code).toBe('AUTH.LOCKED');
    const res = await smsLogin(school, b.phone, mine.code, mine.ticket);
    expect(res.json()).toMatchObject({ code: 200, data: { userId: b.userId } });
    // Reset and register from the school answer too (a wrong code, not a lock).
    const reset = await apiFrom(t.app, school, {
      method: 'POST',
      url: '/api/v1/pub/user/restPassword',
      body: { phone: b.phone, smsCode: '654321', password: 'Newpass2026ok' },
    });
    expect(reset.json().code).toBe('AUTH.SMS_INVALID');
  });
});

describe('the global SMS budget', () => {
  it('warns from 80 %, shows on the gauges and refuses sends beyond the budget', async () => {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const dayStart = Math.floor((t.clock.now + 8 * 3600_000) / 86_400_000) * 86_400_000 - 8 * 3600_000;
    const rows = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sms_codes where created_at > ${new Date(dayStart).toISOString()}::timestamptz`,
    );
    const already = Number(rowsOf<{ n: number }>(rows)[0]!.n);
    const budget = already + 5;
    const app = await t.build({
      config: { ...t.config, smsDailyBudget: budget },
      clock: t.clock.fn,
      logger: { level: 'warn', stream },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await requestSms(app, randomPhone(), 'register')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const warned = lines.filter((l) => l.msg === 'sms daily budget nearly spent');
    expect(warned.length).toBeGreaterThanOrEqual(1);
    expect(lines.some((l) => l.msg === 'sms daily budget reached: sends refused')).toBe(true);
    const used = await app.metrics.registry.getSingleMetric('eav_sms_sent_today')!.get();
    expect(used.values[0]!.value).toBe(budget);
    const limit = await app.metrics.registry.getSingleMetric('eav_sms_daily_budget')!.get();
    expect(limit.values[0]!.value).toBe(budget);
    // Refused with a clear message; a send by captcha still costs the requester a captcha.
    const refused = await apiFrom(app, randomIp(), {
      url: '/api/v1/pub/user/mobile/code',
      query: { phone: randomPhone(), purpose: 'register', captchaKey: await newCaptcha(app), captchaCode: CAPTCHA },
    });
    expect(refused.json()).toMatchObject({
      code: 'RATE.LIMITED',
      msg: '今日短信发送量已达上限，请使用密码登录或明天再试',
    });
  });
});
