import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { api } from './helpers';
import { passwordLogin, useAccountsApp } from './accounts-helpers';

const t = useAccountsApp();

describe('demo accounts seeder', () => {
  it('creates the demo student, teacher (granted xh) and admin once, all with Demo@2026', async () => {
    const config = { ...t.config, seedDemo: true, teachingBackofficeUrl: 'https://backoffice.example.edu.cn/sso' };
    await t.build({ config });
    await t.build({ config }); // idempotent
    const rows = await t.app.db
      .select({ phone: users.phone, userName: users.userName, roles: users.roles })
      .from(users);
    for (const [phone, userName, role] of [
      ['13800000001', 'demo_student', 'student'],
      ['13800000002', 'demo_teacher', 'teacher'],
      ['13800000000', 'admin', 'admin'],
    ] as const) {
      expect(rows.filter((r) => r.phone === phone)).toEqual([{ phone, userName, roles: [role] }]);
    }
    const teacher = await passwordLogin(t.app, 'demo_teacher', 'Demo@2026');
    expect(teacher.statusCode).toBe(200);
    const { userId, token } = teacher.json().data;
    const perm = await api(t.app, { url: `/api/v1/users/${userId}/xh`, token });
    expect(perm.json().data).toEqual({
      code: 200,
      msg: 'success',
      autoAddress: 'https://backoffice.example.edu.cn/sso',
    });
    expect((await passwordLogin(t.app, '13800000001', 'Demo@2026')).statusCode).toBe(200);
    const admin = await passwordLogin(t.app, 'admin', 'Demo@2026');
    const [student] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
    const disable = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${student!.id}/status`,
      token: admin.json().data.token,
      body: { status: 'disabled' },
    });
    expect(disable.json().data.status).toBe('disabled');
  });
});
