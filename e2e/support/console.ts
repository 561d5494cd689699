/**
 * The operator console's second factor for journeys (docs/console.md): a verified API session of an
 * account, enrolling TOTP on first use with the secret kept in the run's DATA_DIR so that every spec
 * (and worker) of the run reuses it. Codes follow the server's test clock (support/clock.ts). A code
 * is accepted once per 30 s step (replay rule), so a second session inside the same step uses the
 * next step's code, or moves the server's clock on by a step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApiPaths } from '@eav/contract';
import { generate } from 'otplib';
import { DATA_DIR } from './env';
import { demoAdminPassword, DEMO_ADMIN, loginViaApi, signedFetch } from './api';
import { advanceServerClock, serverClockOffset } from './clock';

/** One TOTP time step, ms. */
const TOTP_STEP_MS = 30_000;

/**
 * The TOTP code of `secret` at `at` (ms by this machine's clock) as the server sees that moment:
 * shifted by how far its test clock is ahead.
 */
export const totpCode = async (secret: string, at = Date.now()) =>
  generate({ secret, epoch: Math.floor((at + (await serverClockOffset())) / 1000) });

const secretFile = (account: string) => path.join(DATA_DIR, `e2e-totp-${account}.txt`);
/** The TOTP secret this run enrolled for `account`, or null. */
export function storedSecret(account: string): string | null {
  try {
    return fs.readFileSync(secretFile(account), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
/** Remembers the TOTP secret of `account` for the rest of the run. */
export function storeSecret(account: string, secret: string): void {
  fs.writeFileSync(secretFile(account), secret, { mode: 0o600 });
}

/** Runs `fn` while holding a lock file of the run (workers share the DATA_DIR). */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(DATA_DIR, `${name}.lock`);
  for (let i = 0; ; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (i > 600) throw new Error(`lock ${name} not released`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmdirSync(lock);
  }
}

async function post<T>(url: string, token: string, body?: unknown): Promise<{ status: number; data: T; msg: string }> {
  const res = await signedFetch('POST', url, { token, body });
  const json = (await res.json()) as { data: T; msg: string };
  return { status: res.status, data: json.data, msg: json.msg };
}

/**
 * Verifies `token`'s session with the account's TOTP: enrols first when the account has none yet.
 * @returns the secret
 */
export async function verifyConsoleSession(account: string, token: string): Promise<string> {
  return withLock(`totp-${account}`, async () => {
    let secret = storedSecret(account);
    if (!secret) {
      const enrol = await post<{ secret: string }>(ApiPaths.consoleMfaEnrol, token);
      if (enrol.status !== 200) throw new Error(`enrol failed: ${enrol.status} ${enrol.msg}`);
      secret = enrol.data.secret;
      const confirm = await post(ApiPaths.consoleMfaConfirm, token, { code: await totpCode(secret) });
      if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${confirm.msg}`);
      storeSecret(account, secret);
      return secret;
    }
    // This step's code, else the next one's (accepted one step ahead); when both were used (another
    // session of the run), the server's clock moves on a step rather than the run waiting for one.
    // Another spec moving the clock between the code and its check costs one more round.
    for (let round = 0; round < 3; round++) {
      for (const ahead of [0, TOTP_STEP_MS]) {
        const r = await post(ApiPaths.consoleMfaVerify, token, { code: await totpCode(secret, Date.now() + ahead) });
        if (r.status === 200) return secret;
        if (r.status !== 422) throw new Error(`verify failed: ${r.status} ${r.msg}`);
      }
      await advanceServerClock(TOTP_STEP_MS);
    }
    throw new Error('no TOTP code was accepted');
  });
}

type LoginData = Awaited<ReturnType<typeof loginViaApi>>;

/**
 * The seeded administrator logged in by API with a session that passed the second factor. The
 * session is shared by the run's specs (kept in DATA_DIR while it answers), so that parallel specs
 * do not each spend a TOTP step.
 */
export async function adminConsoleLogin(): Promise<LoginData> {
  const file = path.join(DATA_DIR, 'e2e-admin-console-session.json');
  return withLock('admin-console-session', async () => {
    try {
      const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as LoginData;
      if ((await signedFetch('GET', ApiPaths.adminMe, { token: kept.token })).status === 200) return kept;
    } catch {
      // none kept yet, or no longer valid
    }
    const admin = await loginViaApi(DEMO_ADMIN.phone, demoAdminPassword());
    await verifyConsoleSession(DEMO_ADMIN.userName, admin.token);
    fs.writeFileSync(file, JSON.stringify(admin), { mode: 0o600 });
    return admin;
  });
}
