/**
 * Demo accounts (only when SEED_DEMO is on; idempotent: existing phones are left alone).
 * All use the password DEMO_PASSWORD. The teacher is granted the teaching back-office `xh`
 * at TEACHING_BACKOFFICE_URL; the admin can use the operator endpoints.
 */
import { TEACHING_PLATFORM_CODE } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { userPlatforms, users } from '../../db/schema';
import type { Seeder } from '../../seed';
import { hashPassword } from './password';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = [
  { phone: '13800000001', userName: 'demo_student', identity: 'student', roles: ['student'], platform: false },
  { phone: '13800000002', userName: 'demo_teacher', identity: 'teacher', roles: ['teacher'], platform: true },
  { phone: '13800000000', userName: 'admin', identity: 'teacher', roles: ['admin'], platform: false },
] as const;

export const seedDemoAccounts: Seeder = async ({ db, demo, config, log }) => {
  if (!demo) return;
  let hash: string | undefined;
  for (const a of DEMO_ACCOUNTS) {
    let [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, a.phone)).limit(1);
    if (!row) {
      hash ??= await hashPassword(DEMO_PASSWORD);
      [row] = await db
        .insert(users)
        .values({ phone: a.phone, userName: a.userName, identity: a.identity, roles: [...a.roles], passwordHash: hash })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row) log.info({ userName: a.userName }, 'demo account created');
    }
    if (row && a.platform) {
      await db
        .insert(userPlatforms)
        .values({ userId: row.id, platformCode: TEACHING_PLATFORM_CODE, autoAddress: config.teachingBackofficeUrl })
        .onConflictDoNothing();
    }
  }
};
