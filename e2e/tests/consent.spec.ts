/**
 * Consent to the 《用户服务协议》/《隐私政策》 (docs/privacy.md), desktop and H5: the documents'
 * pages, registration that refuses an unticked consent box and records the current version, and
 * the blocking dialog a logged-in user gets when their recorded consent is not the current
 * version, which also asks a student account without a birth year for it. The old-version state is
 * made by answering the page's first consent read with an older version (the server's side of that
 * rule is tested in apps/server/test/consent.test.ts); the acceptance itself goes to the real server.
 */
import { ApiPaths, POLICY_VERSION, type ConsentData } from '@eav/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import {
  ADULT_BIRTH_YEAR,
  api,
  CAPTCHA,
  chooseBirthYear,
  registerByApi,
  smsCodeFor,
  submitPasswordLogin,
  uniquePhone,
  uniqueUserName,
  userMenu,
} from './accounts-helpers';

/**
 * Answers the page's first `GET userConsent` as if the user had consented to an older version, and
 * with `birthYearRequired` as for a student account from before registration asked for the year.
 */
async function pretendOldConsent(page: Page, birthYearRequired = false): Promise<void> {
  let first = true;
  await page.route(`**${ApiPaths.userConsent}`, async (route) => {
    if (route.request().method() !== 'GET' || !first) return route.fallback();
    first = false;
    const stale: ConsentData = {
      currentVersion: POLICY_VERSION,
      consentVersion: '2025-01-01',
      consentedAt: '2025-01-01T00:00:00.000Z',
      consentRequired: true,
      birthYearRequired,
      guardianRequired: false,
    };
    await route.fulfill({ json: { code: 200, msg: 'success', data: stale } });
  });
}

const storedToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? 'null') as { token: string } | null)?.token ?? '');

/** Registers a user, logs in on the desktop with an older consent on record, and finds the consent dialog. */
async function loginWithOldConsent(page: Page, request: APIRequestContext, birthYearRequired = false) {
  const user = await registerByApi(request);
  await pretendOldConsent(page, birthYearRequired);
  await page.goto('/#/loginRegistration?loginStep=1');
  await submitPasswordLogin(page, user.userName, user.password);
  return { user, dialog: page.getByRole('dialog', { name: '用户服务协议与隐私政策更新' }) };
}

test.describe('desktop', () => {
  test('the documents are pages, linked from the register form', async ({ page }) => {
    await page.goto('/#/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(page.getByTestId('policy-document')).toContainText(`版本：${POLICY_VERSION}`);
    await expect(page.getByTestId('policy-document')).toContainText('注销');
    await page.getByRole('link', { name: '《用户服务协议》' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '用户服务协议' })).toBeVisible();

    await page.goto('/#/loginRegistration?loginStep=0');
    const form = page.getByRole('form', { name: '注册' });
    await expect(form.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '#/privacy');
    await expect(form.getByRole('link', { name: '《用户服务协议》' })).toHaveAttribute('href', '#/terms');
  });

  test('register needs the consent box ticked and records the current version', async ({ page, request }) => {
    const phone = uniquePhone();
    const userName = uniqueUserName('consent');
    await page.goto('/#/loginRegistration?loginStep=0&redirect=%2Fuser');
    const form = page.getByRole('form', { name: '注册' });
    const box = form.getByRole('checkbox', { name: '我已阅读并同意《用户服务协议》与《隐私政策》' });
    await expect(box).not.toBeChecked();
    await form.getByLabel('手机号', { exact: true }).fill(phone);
    await expect(form.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await form.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
    const since = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('短信验证码').fill(await smsCodeFor(phone, 'register', since));
    await form.getByLabel('用户名', { exact: true }).fill(userName);
    await chooseBirthYear(page, form, ADULT_BIRTH_YEAR);
    await form.getByLabel('设置密码').fill('Consent2026x');
    await form.getByLabel('确认密码').fill('Consent2026x');
    await form.getByRole('button', { name: '注册并登录' }).click();
    await expect(form.getByText('请阅读并勾选同意《用户服务协议》与《隐私政策》')).toBeVisible();
    await expect(page).toHaveURL(/loginStep=0/);

    await form.getByText('我已阅读并同意').click();
    await expect(box).toBeChecked();
    await form.getByRole('button', { name: '注册并登录' }).click();
    await expect(page).toHaveURL(/#\/user$/);
    await expect(userMenu(page)).toContainText(userName);
    await expect(page.getByTestId('consent-dialog')).toHaveCount(0);
    const consent = await api<ConsentData>(request, 'GET', ApiPaths.userConsent, { token: await storedToken(page) });
    expect(consent.data).toMatchObject({ consentVersion: POLICY_VERSION, consentRequired: false });
  });

  test('a user whose consent is older is asked in a dialog until they accept', async ({ page, request }) => {
    const { user, dialog } = await loginWithOldConsent(page, request);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '#/privacy');
    // Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const accepted = page.waitForResponse(
      (r) => r.url().endsWith(ApiPaths.userConsent) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    expect((await accepted).status()).toBe(200);
    await expect(dialog).toBeHidden();
    const consent = await api<ConsentData>(request, 'GET', ApiPaths.userConsent, { token: user.token });
    expect(consent.data.consentRequired).toBe(false);
  });

  test('a student account without a birth year chooses it in the dialog before accepting', async ({
    page,
    request,
  }) => {
    const { dialog } = await loginWithOldConsent(page, request, true);
    await expect(dialog).toBeVisible();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(ApiPaths.userConsent) && r.method() === 'POST') posts.push(r.postData() ?? '');
    });
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    await expect(dialog.getByText('请选择出生年份', { exact: true }).last()).toBeVisible();
    expect(posts).toEqual([]);
    await chooseBirthYear(page, dialog, ADULT_BIRTH_YEAR);
    const accepted = page.waitForResponse(
      (r) => r.url().endsWith(ApiPaths.userConsent) && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    expect((await accepted).status()).toBe(200);
    await expect(dialog).toBeHidden();
    expect(JSON.parse(posts[0]!)).toEqual({ consentVersion: POLICY_VERSION, birthYear: ADULT_BIRTH_YEAR });
  });
});

test.describe('H5', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

  test('register needs the consent box ticked; the documents open as H5 pages', async ({ page, request }) => {
    await page.goto('/#/mobileH5/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(page.getByTestId('policy-document')).toContainText(`版本：${POLICY_VERSION}`);

    const phone = uniquePhone();
    const userName = uniqueUserName('h5consent');
    await page.goto('/#/mobileH5/register');
    await expect(page.getByRole('link', { name: '《用户服务协议》' }).first()).toHaveAttribute(
      'href',
      '#/mobileH5/terms',
    );
    const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
    await input('手机号').fill(phone);
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await input('图形验证码').fill(CAPTCHA);
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await input('短信验证码').fill(await smsCodeFor(phone, 'register', since));
    await input('用户名').fill(userName);
    await input('出生年份').fill(String(ADULT_BIRTH_YEAR));
    await input('设置密码').fill('Consent2026x');
    await input('确认密码').fill('Consent2026x');
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(page.getByText('请阅读并勾选同意《用户服务协议》与《隐私政策》')).toBeVisible();
    await expect(page).toHaveURL(/mobileH5\/register/);

    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(page).not.toHaveURL(/mobileH5\/register/);
    await expect.poll(() => storedToken(page)).not.toBe('');
    const consent = await api<ConsentData>(request, 'GET', ApiPaths.userConsent, { token: await storedToken(page) });
    expect(consent.data).toMatchObject({ consentVersion: POLICY_VERSION, consentRequired: false });
  });

  test('a user whose consent is older is asked on the phone too, with the birth year it lacks', async ({
    page,
    request,
  }) => {
    const user = await registerByApi(request);
    await pretendOldConsent(page, true);
    await page.goto('/#/mobileH5/login');
    const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
    await input('手机号或用户名').fill(user.userName);
    await input('密码').fill(user.password);
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await input('图形验证码').fill(CAPTCHA);
    await page.getByRole('button', { name: '登录' }).click();
    const dialog = page.getByTestId('consent-dialog');
    await expect(dialog).toBeVisible();
    // The documents stay readable: the dialog steps aside on their pages and comes back after.
    await dialog.getByRole('link', { name: '《隐私政策》' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '隐私政策' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    await expect(dialog.getByText('请选择出生年份')).toBeVisible();
    await dialog.locator('input[aria-label="出生年份"]').fill(String(ADULT_BIRTH_YEAR));
    await dialog.getByRole('button', { name: '同意并继续' }).click();
    await expect(dialog).toHaveCount(0);
    const consent = await api<ConsentData>(request, 'GET', ApiPaths.userConsent, { token: user.token });
    expect(consent.data.consentRequired).toBe(false);
  });
});
