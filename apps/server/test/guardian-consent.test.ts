/**
 * Guardian consent for pupils under 14 (docs/privacy.md, Guardians; PIPL art. 28, 31): a student
 * under 14 by the birth year (Beijing year) registers browse-only, and every write answers 403
 * until the guardian's SMS code (purpose `guardian`, bound to the pupil) and ticked consent lift it;
 * the guardian page shows the data summary and erases only pupils that name the verified phone.
 */
import { ApiPaths, ErrorCode, Messages, POLICY_VERSION } from '@eav/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import {
  apiFrom,
  PASSWORD,
  randomIp,
  randomName,
  randomPhone,
  readOutbox,
  registerUser,
  requestSms,
  smsFlow,
  useAccountsApp,
  type Registered,
  type SmsFlow,
} from './accounts-helpers';
import { api } from './helpers';

const t = useAccountsApp();

/** 2027-01-01 00:30 in Beijing, still 2026-12-31 in UTC: the Beijing year decides. */
const NEW_YEAR_BEIJING = Date.UTC(2026, 11, 31, 16, 30);

beforeAll(() => {
  t.clock.now = NEW_YEAR_BEIJING;
});

/** A registration as the register form sends it; `extra` overrides fields. */
async function register(extra: Record<string, unknown>) {
  const phone = randomPhone();
  const ip = randomIp();
  const sms = await smsFlow(t, phone, 'register', ip);
  t.clock.advance(61_000);
  return apiFrom(t.app, ip, {
    method: 'POST',
    url: ApiPaths.register,
    body: {
      phone,
      smsCode: sms.code,
      smsTicket: sms.ticket,
      password: PASSWORD,
      userName: randomName(),
      identity: 'student',
      consentVersion: POLICY_VERSION,
      platform: 'WEB',
      ...extra,
    },
  });
}

/** A write every logged-in user may make: a new password (the session lives on). */
async function changePassword(u: Registered) {
  const newPassword = u.password === PASSWORD ? `${PASSWORD}2` : PASSWORD;
  const res = await api(t.app, {
    method: 'PUT',
    url: ApiPaths.userPassword(u.userId),
    token: u.token,
    body: { oldPassword: u.password, newPassword },
  });
  if (res.statusCode === 200) u.password = newPassword;
  return res;
}

/** The pupil's session asks for a guardian code to `phone`; answers the response and the flow. */
async function guardianCode(
  u: Registered,
  phone: string,
): Promise<{ status: number; body: { msg: string }; flow?: SmsFlow }> {
  const res = await api(t.app, { method: 'POST', url: ApiPaths.userGuardianCode, token: u.token, body: { phone } });
  t.clock.advance(61_000);
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json() };
  const line = readOutbox(t.config)
    .filter((l) => l.phone === phone && l.purpose === 'guardian')
    .at(-1)!;
  return { status: 200, body: res.json(), flow: { code: line.code, ticket: res.json().data.smsTicket } };
}

function consent(u: Registered, phone: string, flow: SmsFlow, extra: Record<string, unknown> = {}) {
  return api(t.app, {
    method: 'POST',
    url: ApiPaths.userGuardian,
    token: u.token,
    body: {
      phone,
      smsCode: flow.code,
      smsTicket: flow.ticket,
      consentVersion: POLICY_VERSION,
      agreed: true,
      ...extra,
    },
  });
}

describe('birth year at registration', () => {
  it('marks a pupil who may not yet be 14 in the Beijing year browse-only, and an older one not', async () => {
    // Beijing year 2027: born 2013 turns 14 some day of 2027, born 2012 is 14 already.
    const young = await register({ birthYear: 2013 });
    expect(young.statusCode, young.body).toBe(200);
    expect(young.json().data.guardianRequired).toBe(true);
    const older = await register({ birthYear: 2012 });
    expect(older.json().data.guardianRequired).toBe(false);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, young.json().data.userId));
    expect(row).toMatchObject({ birthYear: 2013, guardianRequired: true, guardianPhone: null });
  });

  it('refuses a student without a birth year or with one out of range (400), and asks none of teachers', async () => {
    const missing = await register({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toContain('请选择出生年份');
    for (const birthYear of [1939, 2025, 2013.5, '2013']) {
      const res = await register({ birthYear });
      expect(res.statusCode, String(birthYear)).toBe(400);
    }
    const teacher = await register({ identity: 'teacher' });
    expect(teacher.statusCode, teacher.body).toBe(200);
    expect(teacher.json().data.guardianRequired).toBe(false);
  });
});

describe('browse only until a guardian consents', () => {
  let pupil: Registered;
  let sibling: Registered;
  const guardianPhone = randomPhone();

  // The database lives for the file, the app for one test: register once, in the first test's app.
  beforeEach(async () => {
    if (pupil) return;
    pupil = await registerUser(t, { birthYear: 2015 });
    sibling = await registerUser(t, { birthYear: 2016 });
  });

  it('lets the pupil read but answers every write 403 with the Chinese message', async () => {
    expect((await api(t.app, { url: ApiPaths.user(pupil.userId), token: pupil.token })).statusCode).toBe(200);
    const status = await api(t.app, { url: ApiPaths.userGuardian, token: pupil.token });
    expect(status.json().data).toMatchObject({ guardianRequired: true, birthYear: 2015, guardianPhone: null });
    const write = await changePassword(pupil);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: ErrorCode.AUTH_GUARDIAN_REQUIRED, msg: Messages.guardianRequired });
    // Writes of other features, with or without a required login, are held by the same hook.
    const activation = await api(t.app, {
      method: 'POST',
      url: ApiPaths.userComplete,
      token: pupil.token,
      body: { realName: '小明', school: '学校', region: '杭州', stageId: 1 },
    });
    expect(activation.statusCode).toBe(403);
    // A request without the pupil's session is not the pupil's: the route answers as always.
    const anonymous = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.userPassword(pupil.userId),
      body: { oldPassword: PASSWORD, newPassword: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses the pupil’s own phone as the guardian’s, and guardian codes from the public send', async () => {
    const own = await guardianCode(pupil, pupil.phone);
    expect(own.status).toBe(400);
    expect(own.body.msg).toContain('不能是你自己的注册手机号');
    const pub = await requestSms(t.app, guardianPhone, 'guardian');
    expect(pub.statusCode).toBe(400);
  });

  it('refuses wrong, replayed, other-purpose and other-pupil codes; the right one lifts the flag once', async () => {
    // A register code sent to the guardian's phone is not a guardian code.
    const registerFlow = await smsFlow(t, guardianPhone, 'register');
    t.clock.advance(61_000);
    expect((await consent(pupil, guardianPhone, registerFlow)).statusCode).toBe(422);

    const sent = await guardianCode(pupil, guardianPhone);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const flow = sent.flow!;
    const wrong = { ...flow, code: flow.code === '000000' ? '111111' : '000000' };
    expect((await consent(pupil, guardianPhone, wrong)).statusCode).toBe(422);
    // The sibling holds the pupil's code and ticket: bound to the pupil, it fails for the sibling.
    expect((await consent(sibling, guardianPhone, flow)).statusCode).toBe(422);
    // Not ticked, or another version: 400 and the code stays unused.
    expect((await consent(pupil, guardianPhone, flow, { agreed: false })).statusCode).toBe(400);
    expect((await consent(pupil, guardianPhone, flow, { consentVersion: '2020-01-01' })).statusCode).toBe(400);

    const ok = await consent(pupil, guardianPhone, flow);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      guardianRequired: false,
      guardianPhone: `${guardianPhone.slice(0, 3)}****${guardianPhone.slice(7)}`,
      consentVersion: POLICY_VERSION,
      consentedAt: new Date(t.clock.now).toISOString(),
    });
    // Replayed: the code is used, and the flag is already lifted.
    expect((await consent(pupil, guardianPhone, flow)).statusCode).toBe(400);
    expect((await changePassword(pupil)).statusCode).toBe(200);
    expect((await changePassword(sibling)).statusCode).toBe(403);

    const [row] = await t.app.db.select().from(users).where(eq(users.id, pupil.userId));
    expect(row).toMatchObject({ guardianRequired: false, guardianPhone, guardianConsentVersion: POLICY_VERSION });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, pupil.userId), eq(auditLog.event, 'guardian_consent')));
    expect(entry).toMatchObject({
      result: 'success',
      subject: `${guardianPhone.slice(0, 3)}****${guardianPhone.slice(7)}`,
    });
    // Once consented, the step is not offered again.
    expect((await guardianCode(pupil, guardianPhone)).status).toBe(400);
  });

  describe('the guardian page', () => {
    async function access(phone: string): Promise<string> {
      const flow = await smsFlow(t, phone, 'guardian_access');
      t.clock.advance(61_000);
      const res = await api(t.app, {
        method: 'POST',
        url: ApiPaths.guardianAccess,
        body: { phone, smsCode: flow.code, smsTicket: flow.ticket },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.token;
    }
    const pupils = (token: string) => api(t.app, { method: 'POST', url: ApiPaths.guardianPupils, body: { token } });
    const erase = (token: string, userId: number) =>
      api(t.app, { method: 'POST', url: ApiPaths.guardianErasure, body: { token, userId } });

    it('refuses a wrong code, an unknown token and a malformed one', async () => {
      const flow = await smsFlow(t, guardianPhone, 'guardian_access');
      t.clock.advance(61_000);
      const wrong = await api(t.app, {
        method: 'POST',
        url: ApiPaths.guardianAccess,
        body: { phone: guardianPhone, smsCode: flow.code === '000000' ? '111111' : '000000', smsTicket: flow.ticket },
      });
      expect(wrong.statusCode).toBe(422);
      expect((await pupils('A'.repeat(43))).statusCode).toBe(401);
      expect((await pupils('short')).statusCode).toBe(400);
      expect((await erase('A'.repeat(43), pupil.userId)).statusCode).toBe(401);
    });

    it('shows the guardian’s pupils only, and erases only them (others 404)', async () => {
      const token = await access(guardianPhone);
      const seen = await pupils(token);
      expect(seen.statusCode, seen.body).toBe(200);
      const data = seen.json().data;
      expect(data.guardianPhone).toBe(`${guardianPhone.slice(0, 3)}****${guardianPhone.slice(7)}`);
      expect(data.pupils.map((p: { userId: number }) => p.userId)).toEqual([pupil.userId]);
      expect(data.pupils[0]).toMatchObject({
        userName: pupil.userName,
        birthYear: 2015,
        phone: `${pupil.phone.slice(0, 3)}****${pupil.phone.slice(7)}`,
        guardianConsentVersion: POLICY_VERSION,
      });
      expect(data.pupils[0].counts.sessions).toBeGreaterThanOrEqual(1);
      expect(data.pupils[0].recentActivity.map((a: { event: string }) => a.event)).toContain('guardian_consent');

      // Another phone's token reaches none of them; the sibling (no consent) is nobody's pupil here.
      const stranger = await access(randomPhone());
      expect((await pupils(stranger)).json().data.pupils).toEqual([]);
      expect((await erase(stranger, pupil.userId)).statusCode).toBe(404);
      expect((await erase(token, sibling.userId)).statusCode).toBe(404);
      expect((await erase(token, 2_000_000_000)).statusCode).toBe(404);
      expect((await changePassword(pupil)).statusCode).toBe(200);
      const views = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, 'guardian_view'), eq(auditLog.userId, pupil.userId)));
      expect(views).toHaveLength(1);
      expect(views[0]!.subject).toBe(data.guardianPhone);

      const gone = await erase(token, pupil.userId);
      expect(gone.statusCode, gone.body).toBe(200);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, pupil.userId));
      expect(row).toMatchObject({ status: 'cancelled', phone: null, birthYear: null, guardianPhone: null });
      expect((await api(t.app, { url: ApiPaths.user(pupil.userId), token: pupil.token })).statusCode).toBe(403);
      expect((await pupils(token)).json().data.pupils).toEqual([]);
      expect((await erase(token, pupil.userId)).statusCode).toBe(404);
      const trail = await t.app.db.select().from(auditLog).where(eq(auditLog.event, 'guardian_erasure'));
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ userId: null, ip: null });
    });
  });
});
