import { ApiPaths } from '@eav/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, dictionary, sessions, smsCodes, userPlatforms, users } from '../src/db/schema';
import { api } from './helpers';
import { passwordLogin, randomPhone, registerUser, smsCode, useAccountsApp } from './accounts-helpers';

const t = useAccountsApp();

async function dictId(kind: string, name: string): Promise<number> {
  const [d] = await t.app.db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(dictionary.kind, kind), eq(dictionary.name, name)));
  return d!.id;
}

describe('profile', () => {
  it('is visible to the owner only: another user id answers 404', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const own = await api(t.app, { url: `/api/v1/users/${a.userId}`, token: a.token });
    expect(own.json().data).toMatchObject({
      userId: a.userId,
      phone: a.phone,
      avatar: null,
      completed: false,
      identity: 'student',
    });
    for (const url of [
      `/api/v1/users/${b.userId}`,
      `/api/v1/users/${b.userId}/completed`,
      `/api/v1/users/${b.userId}/xh`,
      '/api/v1/users/999999',
    ]) {
      const res = await api(t.app, { url, token: a.token });
      expect(res.statusCode, url).toBe(404);
    }
    const put = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/users/${b.userId}/password`,
      token: a.token,
      body: { oldPassword: b.password, newPassword: 'Another2026x' },
    });
    expect(put.statusCode).toBe(404);
    expect((await api(t.app, { url: `/api/v1/users/${a.userId}` })).statusCode).toBe(401);
  });

  it('completes the profile with dictionary-checked stage, grade and subject', async () => {
    const s = await registerUser(t);
    const primary = await dictId('stage', '小学');
    const junior = await dictId('stage', '初中');
    const grade1 = await dictId('grade', '一年级');
    const physics = await dictId('subject', '物理');
    const before = await api(t.app, { url: `/api/v1/users/${s.userId}/completed`, token: s.token });
    expect(before.json().data).toEqual({
      completed: false,
      missing: ['realName', 'school', 'region', 'stageId', 'gradeId'],
    });
    const base = { realName: '张小明', school: '杭州市实验小学', region: '浙江省杭州市' };
    const wrongStage = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, stageId: junior, gradeId: grade1 },
    });
    expect(wrongStage.json()).toMatchObject({ code: 422, msg: '所选年级不属于该学段' });
    const noGrade = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, stageId: primary },
    });
    expect(noGrade.json().msg).toBe('请选择年级');
    const badSubject = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, stageId: primary, gradeId: grade1, subjectId: physics },
    });
    expect(badSubject.json().msg).toBe('该学段未开设所选学科');
    const empty = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, realName: '', stageId: primary },
    });
    expect(empty.statusCode).toBe(400);
    const ok = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, stageId: primary, gradeId: grade1 },
    });
    expect(ok.json().data).toMatchObject({
      ...base,
      stageId: primary,
      stageName: '小学',
      gradeId: grade1,
      gradeName: '一年级',
      completed: true,
    });
    const after = await api(t.app, { url: `/api/v1/users/${s.userId}/completed`, token: s.token });
    expect(after.json().data).toEqual({ completed: true, missing: [] });

    const teacher = await registerUser(t, { identity: 'teacher' });
    const needSubject = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: teacher.token,
      body: { ...base, stageId: junior },
    });
    expect(needSubject.json().msg).toBe('请选择任教学科');
    const tOk = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: teacher.token,
      body: { ...base, stageId: junior, subjectId: physics, userName: 'teacher_renamed' },
    });
    expect(tOk.json().data).toMatchObject({ subjectName: '物理', userName: 'teacher_renamed', completed: true });
    const clash = await api(t.app, {
      method: 'POST',
      url: '/api/v1/user/complete',
      token: s.token,
      body: { ...base, stageId: primary, gradeId: grade1, userName: 'TEACHER_RENAMED' },
    });
    expect(clash.statusCode).toBe(409);
  });

  it('answers the user config', async () => {
    const teacher = await registerUser(t, { identity: 'teacher' });
    const res = await api(t.app, { url: '/api/v2/userConfig', token: teacher.token });
    expect(res.json().data).toEqual({
      userId: teacher.userId,
      identity: 'teacher',
      roles: ['teacher'],
      isTeacher: true,
      completed: false,
      platforms: [],
      settings: {},
    });
    expect((await api(t.app, { url: '/api/v2/userConfig' })).statusCode).toBe(401);
  });
});

describe('routes', () => {
  it('serve every account path at the pattern the contract builds', () => {
    const routes: [HTTPMethods, string][] = [
      ['POST', ApiPaths.logout],
      ['GET', ApiPaths.user(':userId')],
      ['POST', ApiPaths.userComplete],
      ['GET', ApiPaths.userCompleted(':userId')],
      ['GET', ApiPaths.userConfig],
      ['PUT', ApiPaths.userPassword(':userId')],
      ['GET', ApiPaths.permission(':userId', ':platformCode')],
      ['POST', ApiPaths.uploadFile],
      ['POST', ApiPaths.uploadFileV2],
      ['POST', ApiPaths.userAvatar(':userId')],
      ['POST', ApiPaths.cancelAccount],
      ['PUT', ApiPaths.adminUserStatus(':userId')],
      ['POST', ApiPaths.adminUserPlatforms(':userId')],
    ];
    for (const [method, url] of routes) expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
  });

  it('answer a non-administrator on operator paths as an unknown path, whatever the body', async () => {
    const u = await registerUser(t);
    for (const [method, url, body] of [
      ['PUT', ApiPaths.adminUserStatus(u.userId), { status: 'disabled' }],
      ['PUT', ApiPaths.adminUserStatus(u.userId), { status: 'nonsense' }],
      ['POST', ApiPaths.adminUserPlatforms(u.userId), { platformCode: 'xh', autoAddress: 'https://t.example.cn' }],
      ['POST', ApiPaths.adminUserPlatforms(u.userId), { autoAddress: 'javascript:alert(1)' }],
    ] as const) {
      const res = await api(t.app, { method, url, token: u.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '网络请求不存在' });
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(row!.status).toBe('active');
    expect(await t.app.db.select().from(userPlatforms).where(eq(userPlatforms.userId, u.userId))).toHaveLength(0);
  });
});

describe('teaching back-office permission', () => {
  it('answers 200 with autoAddress only for a teacher granted the platform', async () => {
    const teacher = await registerUser(t, { identity: 'teacher' });
    const student = await registerUser(t);
    const admin = await registerUser(t);
    await t.app.db
      .update(users)
      .set({ roles: ['admin'] })
      .where(eq(users.id, admin.userId));
    const check = (u: { userId: number; token: string }, code = 'xh') =>
      api(t.app, { url: `/api/v1/users/${u.userId}/${code}`, token: u.token });

    expect((await check(teacher)).json()).toEqual({
      code: 200,
      msg: 'success',
      data: { code: 40301, msg: '暂无访问该平台的权限', autoAddress: null },
    });
    const grant = await api(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${teacher.userId}/platforms`,
      token: admin.token,
      body: { platformCode: 'xh', autoAddress: 'https://teaching.example.edu.cn/sso' },
    });
    expect(grant.json().data).toEqual({ userId: teacher.userId, status: 'active', platforms: ['xh'] });
    expect((await check(teacher)).json().data).toEqual({
      code: 200,
      msg: 'success',
      autoAddress: 'https://teaching.example.edu.cn/sso',
    });
    expect((await check(teacher, 'other')).json().data.code).toBe(40301);
    const cfg = await api(t.app, { url: '/api/v2/userConfig', token: teacher.token });
    expect(cfg.json().data.platforms).toEqual(['xh']);

    // A grant alone is not enough: the user must be a teacher.
    await api(t.app, {
      method: 'POST',
      url: `/api/v1/admin/users/${student.userId}/platforms`,
      token: admin.token,
      body: { platformCode: 'xh', autoAddress: 'https://teaching.example.edu.cn/sso' },
    });
    expect((await check(student)).json().data.code).toBe(40301);
    expect((await check(teacher, 'XH!')).statusCode).toBe(400);
  });
});

describe('password change and reset', () => {
  it('changes the password with the old one, ends the other sessions, keeps this one', async () => {
    const u = await registerUser(t);
    const other = (await passwordLogin(t.app, u.phone, u.password)).json().data.token as string;
    const url = `/api/v1/users/${u.userId}/password`;
    const wrong = await api(t.app, {
      method: 'PUT',
      url,
      token: u.token,
      body: { oldPassword: 'Wrong2026pass', newPassword: 'Brandnew2026x' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'AUTH.BAD_CREDENTIALS', msg: '原密码错误，还可尝试 4 次' });
    const same = await api(t.app, {
      method: 'PUT',
      url,
      token: u.token,
      body: { oldPassword: u.password, newPassword: u.password },
    });
    expect(same.json().msg).toBe('新密码不能与原密码相同');
    const common = await api(t.app, {
      method: 'PUT',
      url,
      token: u.token,
      body: { oldPassword: u.password, newPassword: 'qwerty123' },
    });
    expect(common.json().code).toBe('AUTH.WEAK_PASSWORD');
    const ok = await api(t.app, {
      method: 'PUT',
      url,
      token: u.token,
      body: { oldPassword: u.password, newPassword: 'Brandnew2026x' },
    });
    expect(ok.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token })).statusCode).toBe(200);
    expect((await api(t.app, { url: `/api/v1/users/${u.userId}`, token: other })).statusCode).toBe(401);
    expect((await passwordLogin(t.app, u.phone, u.password)).statusCode).toBe(422);
    expect((await passwordLogin(t.app, u.phone, 'Brandnew2026x')).statusCode).toBe(200);
    const events = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.userId), eq(auditLog.event, 'password_change')));
    expect(events.map((e) => e.result).sort()).toEqual(['failure', 'success']);
  });

  it('resets by SMS code, ends every session and clears a lock', async () => {
    const u = await registerUser(t);
    for (let i = 0; i < 5; i++) await passwordLogin(t.app, u.phone, 'Wrong0pass99');
    expect((await passwordLogin(t.app, u.phone, u.password)).statusCode).toBe(429);
    const code = await smsCode(t, u.phone, 'reset');
    const weak = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user/restPassword',
      body: { phone: u.phone, smsCode: code, password: 'abc12345' },
    });
    expect(weak.json().code).toBe('AUTH.WEAK_PASSWORD');
    const wrongCode = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user/restPassword',
      body: { phone: u.phone, smsCode: code === '999999' ? '888888' : '999999', password: 'Reset2026pass' },
    });
    expect(wrongCode.json().code).toBe('AUTH.SMS_INVALID');
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/user/restPassword',
      body: { phone: u.phone, smsCode: code, password: 'Reset2026pass' },
    });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token })).statusCode).toBe(401);
    const live = await t.app.db.select().from(sessions).where(eq(sessions.userId, u.userId));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    expect((await passwordLogin(t.app, u.phone, 'Reset2026pass')).statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, u.userId), eq(auditLog.event, 'password_reset')));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('Reset2026pass');
  });
});

describe('account cancellation', () => {
  it('by SMS code: erases personal data, frees the phone, and the old token answers 403', async () => {
    const u = await registerUser(t, { identity: 'teacher' });
    await t.app.db
      .insert(userPlatforms)
      .values({ userId: u.userId, platformCode: 'xh', autoAddress: 'https://t.example.cn' });
    const code = await smsCode(t, u.phone, 'cancel');
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/client/cancel',
      token: u.token,
      body: { smsCode: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().code).toBe('AUTH.SMS_INVALID');
    const neither = await api(t.app, { method: 'POST', url: '/api/v1/pub/client/cancel', token: u.token, body: {} });
    expect(neither.statusCode).toBe(400);
    const res = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/client/cancel',
      token: u.token,
      body: { smsCode: code },
    });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });

    const after = await api(t.app, { url: `/api/v1/users/${u.userId}`, token: u.token });
    // The sessions are erased with the account; the token is remembered by its hash alone.
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ code: 'AUTH.ACCOUNT_CANCELLED', msg: '账号已注销' });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toMatchObject({
      status: 'cancelled',
      phone: null,
      passwordHash: null,
      realName: null,
      avatarUrl: null,
      roles: [],
    });
    expect(row!.userName).not.toBe(u.userName);
    expect(await t.app.db.select().from(userPlatforms).where(eq(userPlatforms.userId, u.userId))).toHaveLength(0);
    expect(await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, u.phone))).toHaveLength(0);
    expect(
      (await api(t.app, { url: '/api/v1/pub/user/check/mobile', query: { phone: u.phone } })).json().data.registered,
    ).toBe(false);
    expect((await passwordLogin(t.app, u.phone, u.password)).statusCode).toBe(422);
    // The phone and the user name can register again.
    const again = await registerUser(t, { phone: u.phone, userName: u.userName });
    expect(again.userId).not.toBe(u.userId);
    // The trail keeps that an account was cancelled, without anything leading back to the person.
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.userId, u.userId))).toHaveLength(0);
    const cancelled = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'cancel'), eq(auditLog.result, 'success')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(cancelled[0]).toMatchObject({ userId: null, subject: null, ip: null, userAgent: null });
  });

  it('by password: a wrong password is refused and counted', async () => {
    const u = await registerUser(t);
    const wrong = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/client/cancel',
      token: u.token,
      body: { password: 'Wrong2026pass' },
    });
    expect(wrong.json()).toMatchObject({ code: 'AUTH.BAD_CREDENTIALS', msg: '密码错误，还可尝试 4 次' });
    const ok = await api(t.app, {
      method: 'POST',
      url: '/api/v1/pub/client/cancel',
      token: u.token,
      body: { password: u.password },
    });
    expect(ok.json().code).toBe(200);
    expect((await api(t.app, { method: 'POST', url: '/api/v1/logout', token: u.token })).statusCode).toBe(403);
    expect(
      (await api(t.app, { url: '/api/v1/pub/user/check/mobile', query: { phone: u.phone } })).json().data.registered,
    ).toBe(false);
    expect(
      (await api(t.app, { method: 'POST', url: '/api/v1/pub/client/cancel', body: { password: u.password } }))
        .statusCode,
    ).toBe(401);
    void randomPhone;
  });
});
