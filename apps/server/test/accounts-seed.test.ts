import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_ADMIN_PASSWORD_FILE } from '../src/features/accounts/seed';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api } from './helpers';
import { passwordLogin, useAccountsApp } from './accounts-helpers';

const t = useAccountsApp();

describe('demo accounts seeder', () => {
  // Two full demo seeds (question bank, papers, resources): minutes on a loaded machine.
  it('creates the demo student and teacher (granted xh) with Demo@2026, and the admin with a generated password, once', async () => {
    const config = { ...t.config, seedDemo: true, teachingBackofficeUrl: 'https://backoffice.example.edu.cn/sso' };
    // A catalogue already there keeps the demo catalogue (and its generated files) out of this test.
    const book = {
      externalId: 'acc-seed-1',
      title: '语文一年级上册',
      stage: '小学',
      subject: '语文',
      edition: '统编版',
    };
    await importTextbooks(t.app.db, JSON.stringify(book));
    const printed: string[] = [];
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await t.build({ config });
      await t.build({ config }); // idempotent
    } finally {
      stdout.mockRestore();
    }
    const banners = printed.filter((c) => c.includes('Password:'));
    expect(banners).toHaveLength(1);
    const adminPassword = fs.readFileSync(path.join(config.dataDir, DEMO_ADMIN_PASSWORD_FILE), 'utf8').trim();
    expect(banners[0]).toContain(adminPassword);
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
    expect((await passwordLogin(t.app, 'admin', 'Demo@2026')).json().code).not.toBe(200);
    const admin = await passwordLogin(t.app, 'admin', adminPassword);
    const [student] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.phone, '13800000001'));
    const disable = await api(t.app, {
      method: 'PUT',
      url: `/api/v1/admin/users/${student!.id}/status`,
      token: admin.json().data.token,
      body: { status: 'disabled' },
    });
    expect(disable.json().data.status).toBe('disabled');
  }, 120_000);
});
