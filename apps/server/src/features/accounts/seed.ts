/**
 * Demo accounts (only when demo content is seeded, see seed/index.ts; idempotent: existing phones
 * are left alone). The student and the teacher use the published DEMO_PASSWORD; the teacher is
 * granted the teaching back-office `xh` at TEACHING_BACKOFFICE_URL (the fake back-office, with the
 * account named, when unset). The administrator's password
 * is never published: it is generated when the account is created, printed once on the console
 * and written to `$DATA_DIR/demo-admin-password.txt` (mode 0600) (docs/demo-accounts.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { POLICY_VERSION, TEACHING_PLATFORM_CODE } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { FAKE_TEACHING_BACKOFFICE_PATH } from '../../config';
import { userPlatforms, users } from '../../db/schema';
import { randomString } from '../../lib/tokens';
import type { Seeder } from '../../seed/seeder';
import { fakeTeachingAddress } from './external/fake/teaching';
import { hashPassword } from './password';

/** Password of the demo student and teacher (published in docs/demo-accounts.md). */
export const DEMO_PASSWORD = 'Demo@2026';
/** File under DATA_DIR holding the generated password of the demo administrator. */
export const DEMO_ADMIN_PASSWORD_FILE = 'demo-admin-password.txt';

export const DEMO_ACCOUNTS = [
  // The demo student is a 高中 pupil past 14, so that every feature can be tried without a guardian.
  {
    phone: '13800000001',
    userName: 'demo_student',
    identity: 'student',
    birthYear: 2010,
    roles: ['student'],
    platform: false,
  },
  {
    phone: '13800000002',
    userName: 'demo_teacher',
    identity: 'teacher',
    birthYear: null,
    roles: ['teacher'],
    platform: true,
  },
  { phone: '13800000000', userName: 'admin', identity: 'teacher', birthYear: null, roles: ['admin'], platform: false },
] as const;

/** Letters and digits without look-alikes (0/O/o, 1/I/l), so the password can be typed from a screen. */
const PASSWORD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz';

/**
 * A new administrator password: four groups of four characters (~91 bits from a CSPRNG), with at
 * least one letter and one digit so it also meets the password rule of LIMITS.password.
 */
export function generateAdminPassword(): string {
  for (;;) {
    const raw = randomString(PASSWORD_ALPHABET, 16);
    if (/\d/.test(raw) && /[A-Za-z]/.test(raw)) return raw.match(/.{4}/g)!.join('-');
  }
}

/**
 * Writes the administrator's password to DATA_DIR (readable by the owner only, replacing an older
 * file) and returns its path, or null with the embedded in-memory database (no DATA_DIR).
 */
function writePasswordFile(dataDir: string, password: string): string | null {
  if (dataDir === ':memory:') return null;
  const file = path.join(dataDir, DEMO_ADMIN_PASSWORD_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  // Created with mode 0600 (exclusive create: never through a file someone else put there).
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** The console banner announcing the administrator's password (printed once, at creation). */
export function adminPasswordBanner(userName: string, phone: string, password: string, file: string | null): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  演示管理员账号已创建 / Demo administrator created',
    `  账号 Account:  ${userName}（${phone}）`,
    `  密码 Password: ${password}`,
    file ? `  已保存到 Saved to: ${file} (0600)` : '  (in-memory database: the password is not saved anywhere)',
    '  此密码只显示这一次，请登录后尽快修改。This password is shown only once.',
    rule,
    '',
  ].join('\n');
}

export const seedDemoAccounts: Seeder = async ({ db, demo, config, log, dataDir }) => {
  if (!demo) return;
  // The fake back-office greets the account its address names; a configured one gets its address as is.
  const backOfficeAddress = (userName: string) =>
    config.teachingBackofficeUrl === FAKE_TEACHING_BACKOFFICE_PATH
      ? fakeTeachingAddress(config.teachingBackofficeUrl, userName)
      : config.teachingBackofficeUrl;
  let demoHash: string | undefined;
  for (const a of DEMO_ACCOUNTS) {
    const isAdmin = (a.roles as readonly string[]).includes('admin');
    let [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, a.phone)).limit(1);
    if (!row) {
      const password = isAdmin ? generateAdminPassword() : DEMO_PASSWORD;
      const passwordHash = isAdmin ? await hashPassword(password) : (demoHash ??= await hashPassword(DEMO_PASSWORD));
      [row] = await db
        .insert(users)
        .values({
          phone: a.phone,
          userName: a.userName,
          identity: a.identity,
          birthYear: a.birthYear,
          roles: [...a.roles],
          passwordHash,
          // Demo accounts stand for people who accepted the documents at registration.
          consentVersion: POLICY_VERSION,
          consentedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (row && isAdmin) {
        let file: string | null = null;
        try {
          file = writePasswordFile(dataDir, password);
        } catch (err) {
          log.warn({ err }, 'the demo administrator password could not be saved; it is only printed');
        }
        // On the console, never in the log: log lines are kept and shipped, the console is the operator's.
        process.stdout.write(adminPasswordBanner(a.userName, a.phone, password, file));
        log.info({ userName: a.userName, passwordFile: file }, 'demo administrator created');
      } else if (row) {
        log.info({ userName: a.userName }, 'demo account created');
      }
    }
    if (row && a.platform) {
      await db
        .insert(userPlatforms)
        .values({ userId: row.id, platformCode: TEACHING_PLATFORM_CODE, autoAddress: backOfficeAddress(a.userName) })
        .onConflictDoNothing();
    }
  }
};
