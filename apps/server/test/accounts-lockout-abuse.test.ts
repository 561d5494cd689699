/**
 * Brute-force protection must cost the attacker, not the owner (ADR 004): a stranger who knows
 * the phone number, calling from other addresses and doing everything the API lets them, cannot
 * keep the owner from logging in by SMS within 2 minutes; the stranger's own guessing is still
 * stopped. The clock is moved instead of waiting.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { smsCodes } from '../src/db/schema';
import {
  apiFrom,
  CAPTCHA,
  lastCode,
  passwordLogin,
  randomIp,
  randomName,
  randomPhone,
  registerUser,
  requestSms,
  smsFlow,
  useAccountsApp,
  type Registered,
  type SmsFlow,
} from './accounts-helpers';

const t = useAccountsApp();
const MIN = 60_000;
const WRONG_PASSWORD = 'Wrong0pass99';

const ips = (n: number) => Array.from({ length: n }, () => randomIp());
/** A well-formed ticket for code `id` with a made-up secret (what a stranger can build). */
const forgedTicket = (id: number) => `${id}.${randomBytes(32).toString('base64url')}`;
const ticketId = (ticket: string) => Number(ticket.split('.')[0]);
const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

function smsLogin(ip: string, phone: string, smsCode: string, smsTicket?: string) {
  return apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/login',
    body: { phone, smsCode, ...(smsTicket ? { smsTicket } : {}), platform: 'WEB' },
  });
}

function reset(ip: string, phone: string, smsCode: string, smsTicket?: string, password = 'Newpass2026ok') {
  return apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/user/restPassword',
    body: { phone, smsCode, ...(smsTicket ? { smsTicket } : {}), password },
  });
}

const codeOf = (res: LightMyRequestResponse) => res.json().code as number | string;

/**
 * The stranger's image captcha (solved: the test answer is fixed); null when even the captcha is
 * refused, e.g. by the per-address rate limit.
 */
async function strangerCaptcha(ip: string): Promise<string | null> {
  const key = `k${randomBytes(8).toString('hex')}`;
  const res = await apiFrom(t.app, ip, { url: '/api/v1/pub/user/verificationCode', query: { key } });
  return res.statusCode === 200 ? key : null;
}

/** A send as the stranger makes it: status 429 when the captcha itself was refused. */
async function strangerSend(ip: string, phone: string, purpose: string): Promise<LightMyRequestResponse | 429> {
  const captchaKey = await strangerCaptcha(ip);
  if (!captchaKey) return 429;
  return apiFrom(t.app, ip, {
    url: '/api/v1/pub/user/mobile/code',
    query: { phone, purpose, captchaKey, captchaCode: CAPTCHA },
  });
}

/** A password guess as the stranger makes it: the answer's code, 429 when the captcha was refused. */
async function strangerPassword(ip: string, account: string): Promise<number | string> {
  const captchaKey = await strangerCaptcha(ip);
  if (!captchaKey) return 429;
  const res = await apiFrom(t.app, ip, {
    method: 'POST',
    url: '/api/v1/pub/login',
    body: { account, password: WRONG_PASSWORD, captchaKey, captchaCode: CAPTCHA, platform: 'WEB' },
  });
  return codeOf(res);
}

/**
 * Everything a stranger can do against `victim.phone` without the phone in hand, in rounds a
 * minute apart, from the `attackers` addresses and `fresh` new ones each round (a botnet: the
 * per-address rate limits of the routes count real time, which the test compresses).
 * `pending` is a code the owner asked for (its id is guessable: ids are sequential).
 * Answers the statuses seen, to show the attack reached its limits.
 */
async function attack(
  victim: Registered,
  attackers: string[],
  pending: SmsFlow | null,
  options: { rounds: number; fresh: number },
): Promise<{ sends: number[]; guesses: (number | string)[]; passwords: (number | string)[] }> {
  const sends: number[] = [];
  const guesses: (number | string)[] = [];
  const passwords: (number | string)[] = [];
  const phone = victim.phone;
  for (let round = 0; round < options.rounds; round++) {
    for (const ip of [...attackers, ...ips(options.fresh)]) {
      for (const purpose of ['login', 'reset', 'cancel', 'register', 'bind']) {
        const res = await strangerSend(ip, phone, purpose);
        sends.push(res === 429 ? 429 : res.statusCode);
        if (res === 429 || res.statusCode !== 200) continue;
        // The stranger's own code: they hold its ticket but not the code, so they guess.
        const own: string = res.json().data.smsTicket;
        for (let i = 0; i < 4; i++) {
          const wrong = String(100_000 + i);
          const r = purpose === 'reset' ? await reset(ip, phone, wrong, own) : await smsLogin(ip, phone, wrong, own);
          guesses.push(codeOf(r));
        }
      }
      // Guesses without a ticket, and with tickets made up for the owner's code and its neighbours.
      guesses.push(codeOf(await smsLogin(ip, phone, '123456')));
      guesses.push(codeOf(await reset(ip, phone, '123456')));
      if (pending) {
        const id = ticketId(pending.ticket);
        for (const target of [id, id + 1, id - 1])
          guesses.push(codeOf(await smsLogin(ip, phone, otherCode(pending.code), forgedTicket(target))));
        // Even the right code with a made-up ticket: it is not theirs to use.
        guesses.push(codeOf(await smsLogin(ip, phone, pending.code, forgedTicket(id))));
      }
      for (let i = 0; i < 3; i++) passwords.push(await strangerPassword(ip, phone));
    }
    t.clock.advance(61_000);
  }
  return { sends, guesses, passwords };
}

describe('a stranger with the phone number alone cannot lock the owner out', () => {
  it('a code the owner asked for survives the attack and logs the owner in', async () => {
    const owner = await registerUser(t);
    const ownerIp = randomIp();
    const pending = await smsFlow(t, owner.phone, 'login', ownerIp);
    // The owner waits for the SMS; by now anyone may ask for another code for the phone.
    t.clock.advance(61_000);
    const result = await attack(owner, ips(2), pending, { rounds: 2, fresh: 2 });
    expect(result.guesses).not.toContain(200);
    expect(result.guesses).toContain('AUTH.SMS_INVALID');
    expect(result.guesses).toContain('AUTH.LOCKED');
    expect(result.passwords).toContain('AUTH.LOCKED');

    // The owner types the code 4 minutes after asking for it, within its lifetime.
    t.clock.advance(57_000);
    const res = await smsLogin(ownerIp, owner.phone, pending.code, pending.ticket);
    expect(res.json()).toMatchObject({ code: 200, data: { userId: owner.userId } });
  }, 300_000);

  it('after a long attack the owner logs in by password at home, and by SMS once the hour is over', async () => {
    const home = randomIp();
    const owner = await registerUser(t, { ip: home });
    // Six rounds, a minute apart: more codes than the phone's hourly quota allows.
    const result = await attack(owner, ips(3), null, { rounds: 6, fresh: 3 });
    expect(result.sends).toContain(200);
    expect(result.sends).toContain(429);
    expect(result.guesses).not.toContain(200);
    expect(result.passwords).not.toContain(200);
    expect(result.passwords).toContain('AUTH.LOCKED');

    // On a network never used before: the account-wide lock holds password login, and the
    // phone's hourly SMS quota (counted whatever the source, the accepted cost of stopping SMS
    // pumping: docs/accounts.md, Rate limits) is spent by the stranger's sends.
    const ownerIp = randomIp();
    const byPassword = await passwordLogin(t.app, owner.phone, owner.password, ownerIp);
    expect(byPassword.statusCode).toBe(429);
    expect(byPassword.json().msg).toContain('使用短信登录');
    expect((await requestSms(t.app, owner.phone, 'login', ownerIp)).json().code).toBe('AUTH.SMS_TOO_FREQUENT');
    // The owner's familiar network keeps password login (which also ends the account-wide lock).
    expect((await passwordLogin(t.app, owner.phone, owner.password, home)).statusCode).toBe(200);

    t.clock.advance(60 * MIN);
    const sent = await requestSms(t.app, owner.phone, 'login', ownerIp);
    expect(sent.json()).toMatchObject({ code: 200 });
    t.clock.advance(40_000);
    const login = await smsLogin(
      ownerIp,
      owner.phone,
      lastCode(t.config, owner.phone, 'login'),
      sent.json().data.smsTicket,
    );
    expect(login.json()).toMatchObject({ code: 200, data: { userId: owner.userId } });
    // Password login works from the owner's networks, including the one just used.
    expect((await passwordLogin(t.app, owner.userName, owner.password, ownerIp)).statusCode).toBe(200);
  }, 300_000);

  it('the owner can reset the password once the attack no longer holds the hourly quota', async () => {
    const owner = await registerUser(t);
    await attack(owner, ips(2), null, { rounds: 6, fresh: 2 });
    t.clock.advance(60 * MIN);
    const ownerIp = randomIp();
    const sms = await smsFlow(t, owner.phone, 'reset', ownerIp);
    const res = await reset(ownerIp, owner.phone, sms.code, sms.ticket, 'Fresh2026pass');
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    // Reset clears the account-wide lock, so the new password works from anywhere.
    expect((await passwordLogin(t.app, owner.phone, 'Fresh2026pass', randomIp())).statusCode).toBe(200);
  }, 300_000);
});

describe("the stranger's own guessing is still stopped", () => {
  it('a source is locked out of an account after 5 wrong passwords, even for the right one', async () => {
    const owner = await registerUser(t);
    const ip = randomIp();
    for (let i = 1; i <= 4; i++)
      expect((await passwordLogin(t.app, owner.phone, WRONG_PASSWORD, ip)).json().data).toEqual({ remaining: 5 - i });
    expect((await passwordLogin(t.app, owner.phone, WRONG_PASSWORD, ip)).json().code).toBe('AUTH.LOCKED');
    expect((await passwordLogin(t.app, owner.phone, owner.password, ip)).json().code).toBe('AUTH.LOCKED');
    // Another source is not affected by this one's failures.
    expect((await passwordLogin(t.app, owner.phone, owner.password, randomIp())).statusCode).toBe(200);
  });

  it('10 wrong passwords in a row from anywhere lock every unfamiliar source out, not the familiar ones', async () => {
    const home = randomIp();
    const owner = await registerUser(t, { ip: home });
    const sources = ips(5);
    const answers: (number | string)[] = [];
    for (const ip of sources)
      for (let i = 0; i < 2; i++) answers.push(codeOf(await passwordLogin(t.app, owner.phone, WRONG_PASSWORD, ip)));
    expect(answers.slice(0, 9).every((c) => c === 'AUTH.BAD_CREDENTIALS')).toBe(true);
    expect(answers[9]).toBe('AUTH.LOCKED');
    // A new source with the right password is refused while the lock lasts; the owner's network is not.
    expect((await passwordLogin(t.app, owner.phone, owner.password, randomIp())).json().code).toBe('AUTH.LOCKED');
    expect((await passwordLogin(t.app, owner.phone, owner.password, home)).statusCode).toBe(200);
  });

  it('an unknown account answers the same: 5 per source, then 10 from anywhere', async () => {
    const account = randomName('ghost');
    const ip = randomIp();
    for (let i = 0; i < 4; i++) expect((await passwordLogin(t.app, account, WRONG_PASSWORD, ip)).statusCode).toBe(422);
    expect((await passwordLogin(t.app, account, WRONG_PASSWORD, ip)).json().code).toBe('AUTH.LOCKED');
    for (let i = 0; i < 4; i++)
      expect((await passwordLogin(t.app, account, WRONG_PASSWORD, randomIp())).json().code).toBe(
        'AUTH.BAD_CREDENTIALS',
      );
    expect((await passwordLogin(t.app, account, WRONG_PASSWORD, randomIp())).json()).toMatchObject({
      code: 'AUTH.LOCKED',
      msg: expect.stringContaining('使用短信登录'),
    });
  });

  it('3 wrong guesses with its ticket kill a code; made-up tickets and other flows never reach it', async () => {
    const owner = await registerUser(t);
    const mine = await smsFlow(t, owner.phone, 'login');
    t.clock.advance(61_000);
    const theirs = await smsFlow(t, owner.phone, 'login');
    const wrong = otherCode(mine.code);
    // Another flow's ticket and made-up tickets: wrong, and the code lives on.
    for (let i = 0; i < 3; i++) {
      expect(codeOf(await smsLogin(randomIp(), owner.phone, wrong, theirs.ticket))).toBe('AUTH.SMS_INVALID');
      expect(codeOf(await smsLogin(randomIp(), owner.phone, wrong, forgedTicket(ticketId(mine.ticket))))).toBe(
        'AUTH.SMS_INVALID',
      );
    }
    const [row] = await t.app.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.id, ticketId(mine.ticket)));
    expect(row).toMatchObject({ attempts: 0, consumedAt: null });
    for (let i = 0; i < 3; i++)
      expect(codeOf(await smsLogin(randomIp(), owner.phone, wrong, mine.ticket))).toBe('AUTH.SMS_INVALID');
    expect(codeOf(await smsLogin(randomIp(), owner.phone, mine.code, mine.ticket))).toBe('AUTH.SMS_INVALID');
  });

  it("10 wrong guesses for a phone lock its checks without a valid ticket, not the owner's flow", async () => {
    const owner = await registerUser(t);
    const school = randomIp();
    const sms = await smsFlow(t, owner.phone, 'login', school);
    const answers: (number | string)[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(
        codeOf(await smsLogin(randomIp(), owner.phone, '123456', forgedTicket(ticketId(sms.ticket) + 100 + i))),
      );
    expect(answers.slice(0, 9).every((c) => c === 'AUTH.SMS_INVALID')).toBe(true);
    expect(answers[9]).toBe('AUTH.LOCKED');
    const locked = await smsLogin(randomIp(), owner.phone, '123456', forgedTicket(ticketId(sms.ticket)));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().msg).toMatch(/^短信验证码错误次数过多，请于 .+ 后再试$/);
    // The owner's own flow presents its live ticket and goes on, from the same address.
    expect((await smsLogin(school, owner.phone, sms.code, sms.ticket)).json()).toMatchObject({ code: 200 });
    // The lock ends after 15 minutes.
    t.clock.advance(15 * MIN + 1000);
    expect(codeOf(await smsLogin(randomIp(), owner.phone, '123456', forgedTicket(1)))).toBe('AUTH.SMS_INVALID');
  });

  it('guesses without a ticket have a small budget per phone and purpose that never blocks a flow with its ticket', async () => {
    const owner = await registerUser(t);
    const sms = await smsFlow(t, owner.phone, 'login');
    const wrong = otherCode(sms.code);
    for (let i = 0; i < 4; i++) expect(codeOf(await smsLogin(randomIp(), owner.phone, wrong))).toBe('AUTH.SMS_INVALID');
    expect(codeOf(await smsLogin(randomIp(), owner.phone, wrong))).toBe('AUTH.LOCKED');
    // Spent: even the right code is refused without its ticket, and the code itself is untouched.
    expect(codeOf(await smsLogin(randomIp(), owner.phone, sms.code))).toBe('AUTH.LOCKED');
    expect((await smsLogin(randomIp(), owner.phone, sms.code, sms.ticket)).json()).toMatchObject({ code: 200 });
  });

  it('a client without tickets still logs in with the right code', async () => {
    const owner = await registerUser(t);
    const sms = await smsFlow(t, owner.phone, 'login');
    expect((await smsLogin(randomIp(), owner.phone, sms.code)).json()).toMatchObject({ code: 200 });
  });
});

describe('memory', () => {
  it('counts address-keyed rate limits apart: a flood of addresses cannot evict the failure counters', async () => {
    const incr = vi.spyOn(t.app.kv, 'incr');
    // Login is rate-limited per address by the plugin, and counts the account's failures in app.kv.
    for (let i = 0; i < 3; i++) await passwordLogin(t.app, randomName('ghost'), WRONG_PASSWORD, randomIp());
    const keys = incr.mock.calls.map((c) => c[0]);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.startsWith('win:rl'))).toEqual([]);
    incr.mockRestore();
  });

  it('failures for accounts that do not exist are short, expiring entries of the shared store', async () => {
    const incr = vi.spyOn(t.app.kv, 'incr');
    const set = vi.spyOn(t.app.kv, 'set');
    const long = `x${'y'.repeat(63)}`;
    for (const account of [long, randomPhone(), randomName('ghost')]) {
      const ip = randomIp();
      for (let i = 0; i < 5; i++) await passwordLogin(t.app, account, WRONG_PASSWORD, ip);
      await smsLogin(ip, randomPhone(), '123456');
    }
    const keys = [...incr.mock.calls, ...set.mock.calls].map((c) => c[0]);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(64);
      expect(key).not.toContain('yyyy');
    }
    // Every counter and lock expires by itself (a TTL within a day).
    for (const c of incr.mock.calls) expect(c[1]).toBeLessThanOrEqual(24 * 60 * MIN);
    for (const c of set.mock.calls) expect(c[2]).toBeLessThanOrEqual(24 * 60 * MIN);
  });
});
