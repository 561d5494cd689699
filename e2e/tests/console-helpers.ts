/**
 * Helpers for journeys through the operator console (docs/console.md), for this spec and the ones
 * of later console sections: `consoleLogin` signs a console account in through the pages (login
 * form, then TOTP enrolment or a code), `grantConsoleRoles` gives an account console roles as the
 * seeded administrator, `consoleAxeProblems` runs axe on a console page.
 */
import { ApiPaths, type ConsoleRole } from '@eav/contract';
import { expect, type Page } from '@playwright/test';
import { signedFetch } from '../support/api';
import { axeFindings } from '../support/axe';
import { adminConsoleLogin, storedSecret, storeSecret, totpCode } from '../support/console';
import { loginInBrowser } from './accounts-helpers';

export interface ConsoleLoginResult {
  /** The account's TOTP secret (enrolled now or earlier in the run). */
  secret: string;
  /** The recovery codes, when this login enrolled. */
  recoveryCodes: string[];
}

/**
 * Logs `account` in through the login page with `/admin` as the redirect, then passes the second
 * factor: enrols TOTP when the console asks (secret read from the page, codes computed with
 * otplib; the secret is remembered for the run under `account`), or types a code of the secret
 * remembered earlier (the next step's code when this step's was used already). Ends on 概览.
 */
export async function consoleLogin(page: Page, account: string, password: string): Promise<ConsoleLoginResult> {
  await loginInBrowser(page, account, password, '/admin');
  const enrolHeading = page.getByRole('heading', { level: 1, name: '绑定动态验证码' });
  const verifyHeading = page.getByRole('heading', { level: 1, name: '输入动态验证码' });
  await expect(enrolHeading.or(verifyHeading)).toBeVisible();
  let recoveryCodes: string[] = [];
  let secret: string;
  if (await enrolHeading.isVisible()) {
    await expect(page.getByRole('img', { name: '动态验证码绑定二维码' })).toBeVisible();
    secret = (await page.getByTestId('mfa-secret').innerText()).trim();
    const form = page.getByRole('form', { name: '绑定动态验证码' });
    await form.getByLabel('动态验证码').fill(await totpCode(secret));
    await form.getByRole('button', { name: '确认绑定' }).click();
    const list = page.getByRole('list', { name: '恢复码' });
    await expect(list).toBeVisible();
    recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
    expect(recoveryCodes).toHaveLength(10);
    storeSecret(account, secret);
    await page.getByRole('button', { name: '我已保存恢复码，进入后台' }).click();
  } else {
    const known = storedSecret(account);
    if (!known) throw new Error(`no TOTP secret of ${account} in this run`);
    secret = known;
    const form = page.getByRole('form', { name: '动态验证码验证' });
    for (const at of [Date.now(), Date.now() + 30_000]) {
      await form.getByLabel('动态验证码').fill(await totpCode(secret, at));
      await form.getByRole('button', { name: /验\s*证/ }).click();
      // The answer decides: 概览 opens, or the form says why the code was refused (a code already
      // used in this step), and the next step's code is tried.
      const overview = page.getByRole('heading', { level: 1, name: '概览' });
      await expect(overview.or(form.getByRole('alert'))).toBeVisible();
      if (await overview.isVisible()) break;
    }
  }
  await expect(page.getByRole('heading', { level: 1, name: '概览' })).toBeVisible();
  return { secret, recoveryCodes };
}

/** Sets `userId`'s console roles as the seeded administrator (through the API, audited). */
export async function grantConsoleRoles(userId: number, roles: ConsoleRole[]): Promise<void> {
  const admin = await adminConsoleLogin();
  const res = await signedFetch('PUT', ApiPaths.adminUserRoles(userId), { token: admin.token, body: { roles } });
  const json = (await res.json()) as { msg: string };
  expect(res.status, json.msg).toBe(200);
}

/**
 * Serious and critical axe findings of a console page. The journeys scan every console page they
 * open: the route sweep (routes.spec.ts) logs in as a student, who sees no console.
 */
export async function consoleAxeProblems(page: Page): Promise<string[]> {
  return axeFindings(page);
}
