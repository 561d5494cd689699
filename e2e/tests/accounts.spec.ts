/**
 * Accounts journeys in the browser (docs/accounts.md): register with an SMS code from the dev outbox,
 * log out, log in by password with the image captcha and by SMS, lockout after five wrong
 * passwords, password reset, avatar upload shown in the header, and a disabled account's next
 * request. Every test makes its own user (unique phone numbers), so the tests are independent.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { adminConsoleLogin } from '../support/console';
import { chooseMenuItem } from '../support/ui';
import { ApiPaths, Messages, type UserProfile } from '@eav/contract';
import {
  CAPTCHA,
  api,
  loginInBrowser,
  registerByApi,
  smsCodeFor,
  submitPasswordLogin,
  uniquePhone,
  uniqueUserName,
  userMenu,
} from './accounts-helpers';

/**
 * Fills the captcha and presses 获取验证码 in `form`, then reads the code from the outbox. A phone
 * gets one code per 60 s: when the server says "too frequent", the form counts down the
 * wait it was given and the test sends again once the button is back, as a person would.
 */
async function requestSmsCode(
  page: Page,
  formName: string,
  phone: string,
  purpose: 'register' | 'login' | 'reset',
): Promise<string> {
  const form = page.getByRole('form', { name: formName });
  const send = form.getByRole('button', { name: '获取验证码' });
  for (let attempt = 0; attempt < 2; attempt++) {
    await expect(form.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await form.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
    const since = Date.now();
    await send.click();
    const sent = page.getByText('验证码已发送，请注意查收短信');
    const refused = form.getByTestId('form-error').filter({ hasText: '过于频繁' });
    await expect(sent.or(refused)).toBeVisible();
    await expect(form.getByRole('button', { name: /秒后重发/ })).toBeVisible();
    if (await sent.isVisible()) return smsCodeFor(phone, purpose, since);
    await expect(send).toBeEnabled({ timeout: 75_000 });
  }
  throw new Error(`the SMS code for ${phone} was refused twice`);
}

async function logoutFromHeader(page: Page) {
  await chooseMenuItem(
    page,
    '退出登录',
    async () => {
      await userMenu(page).click();
      await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible({ timeout: 2_000 });
    },
    () => expect(page.getByTestId('auth-links')).toBeVisible({ timeout: 5_000 }),
  );
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
}

test('register with an SMS code, log out, log in by password and by SMS', async ({ page, allowConsoleErrors }) => {
  // The SMS login may wait out the 60 s between two codes to one phone (a 429 the page handles).
  test.setTimeout(150_000);
  allowConsoleErrors(/status of 429/);
  const phone = uniquePhone();
  const userName = uniqueUserName('reg');
  const password = 'Register2026x';

  // Field rules are checked in the page before anything is sent.
  await page.goto('/#/loginRegistration?loginStep=0&redirect=%2Fuser');
  const form = page.getByRole('form', { name: '注册' });
  await form.getByLabel('手机号', { exact: true }).fill('12345');
  await form.getByLabel('设置密码').fill('abcdefgh');
  await form.getByRole('button', { name: '注册并登录' }).click();
  await expect(form.getByText('请输入正确的 11 位手机号')).toBeVisible();
  await expect(form.getByText('密码长度为 8-64 位，且须同时包含字母和数字')).toBeVisible();

  await form.getByText('我是教师').click();
  await form.getByLabel('手机号', { exact: true }).fill(phone);
  const code = await requestSmsCode(page, '注册', phone, 'register');
  await form.getByLabel('短信验证码').fill(code);
  await form.getByLabel('用户名', { exact: true }).fill(userName);
  await form.getByLabel('设置密码').fill(password);
  await form.getByLabel('确认密码').fill(password);
  await form.getByText('我已阅读并同意').click();
  await form.getByRole('button', { name: '注册并登录' }).click();

  // Logged in, taken to the redirect target, session stored as the spec says.
  await expect(page).toHaveURL(/#\/user$/);
  await expect(userMenu(page)).toContainText(userName);
  await expect(page.getByTestId('profile-user-name')).toHaveText(userName);
  const stored = await page.evaluate(() => ({
    user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    info: JSON.parse(localStorage.getItem('userInfo') ?? 'null'),
    cookie: document.cookie,
  }));
  expect(stored.user).toMatchObject({ userName, phone, identity: 'teacher' });
  expect(stored.info).toMatchObject({ userName, phone });
  expect(stored.cookie).toContain(`token=${stored.user.token}`);

  await logoutFromHeader(page);
  await expect(page).toHaveURL(/#\/$/);

  // Password login with the image captcha, by user name this time.
  await loginInBrowser(page, userName, password);
  await expect(userMenu(page)).toContainText(userName);
  await expect(page).toHaveURL(/#\/$/);
  await logoutFromHeader(page);

  // SMS login.
  await page.goto('/#/loginRegistration?loginStep=1');
  await page.getByRole('tab', { name: '短信登录' }).click();
  const smsForm = page.getByRole('form', { name: '短信登录' });
  await smsForm.getByLabel('手机号', { exact: true }).fill(phone);
  const loginCode = await requestSmsCode(page, '短信登录', phone, 'login');
  await smsForm.getByLabel('短信验证码').fill(loginCode);
  await smsForm.getByRole('button', { name: /登\s*录/ }).click();
  await expect(userMenu(page)).toContainText(userName);
});

test('five wrong passwords lock password login; a reset unlocks it with the new password', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The reset code may wait out the 60 s since the registration code; wrong passwords answer 422, the lock 429.
  test.setTimeout(150_000);
  allowConsoleErrors(/status of (422|429)/);
  const user = await registerByApi(request);
  await page.goto('/#/loginRegistration?loginStep=1');
  const error = page.getByTestId('form-error');
  for (let i = 1; i <= 5; i++) {
    await submitPasswordLogin(page, user.phone, `Wrong${i}pass${i}`);
    if (i < 5) await expect(error).toContainText(`还可尝试 ${5 - i} 次`);
  }
  await expect(error).toContainText('密码错误次数过多');
  await expect(error).toContainText(/请于 .*\d{2}:\d{2}.* 后再试/);
  // Even the right password is refused while locked.
  await submitPasswordLogin(page, user.phone, user.password);
  await expect(error).toContainText('密码错误次数过多');

  // Forgot password: SMS code (purpose reset) and a new password.
  await page.getByRole('button', { name: '忘记密码？' }).click();
  const form = page.getByRole('form', { name: '找回密码' });
  await form.getByLabel('手机号', { exact: true }).fill(user.phone);
  const code = await requestSmsCode(page, '找回密码', user.phone, 'reset');
  const newPassword = 'Renewed2026y';
  await form.getByLabel('短信验证码').fill(code);
  await form.getByLabel('新密码', { exact: true }).fill(newPassword);
  await form.getByLabel('确认新密码').fill(newPassword);
  await form.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置，请使用新密码登录')).toBeVisible();

  // The account field is prefilled with the phone; the old password no longer works.
  await expect(page.getByRole('form', { name: '账号登录' }).getByLabel('手机号或用户名')).toHaveValue(user.phone);
  await submitPasswordLogin(page, user.phone, user.password);
  await expect(error).toContainText('账号或密码错误');
  await submitPasswordLogin(page, user.phone, newPassword);
  await expect(userMenu(page)).toContainText(user.userName);
});

/** A valid 64×48 RGB PNG (a two-colour gradient), made here so the test needs no fixture file. */
function makePng(width = 64, height = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (width * 3 + 1);
    for (let x = 0; x < width; x++)
      rows.set([Math.round((x / width) * 255), 100, Math.round((y / height) * 255)], o + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('upload an avatar and see it in the header', async ({ page, request }) => {
  const user = await registerByApi(request);
  await loginInBrowser(page, user.phone, user.password, '/user/avatar');
  await expect(page).toHaveURL(/#\/user\/avatar$/);
  const headerAvatar = userMenu(page).locator('img');
  const before = await headerAvatar.getAttribute('src');

  await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng() });
  await expect(page.getByTestId('avatar-crop')).toBeVisible();
  await page.getByRole('button', { name: '保存头像' }).click();
  await expect(page.getByText('头像已更新')).toBeVisible();

  await expect(headerAvatar).not.toHaveAttribute('src', before ?? '');
  const src = await headerAvatar.getAttribute('src');
  const profile = await api<UserProfile>(request, 'GET', ApiPaths.user(user.userId), { token: user.token });
  expect(profile.data.avatar).toBeTruthy();
  expect(src).toBe(profile.data.avatar);
  // The header image really loads (a stored, re-encoded image behind the URL).
  await expect
    .poll(() => headerAvatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // It survives a reload (stored user) and the profile page shows it too.
  await page.goto('/#/user');
  await expect(userMenu(page).locator('img')).toHaveAttribute('src', profile.data.avatar!);
});

test("a disabled account's next request shows the message and lands on login with redirect", async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The disabled account's requests answer 403; the shell's consent and guardian checks that start in
  // the second before the page leaves for the login page answer 401 (the session is revoked).
  allowConsoleErrors(/status of 403/, /status of 401/);
  const user = await registerByApi(request);
  await loginInBrowser(page, user.phone, user.password, '/user');
  await expect(page.getByTestId('profile-user-name')).toHaveText(user.userName);

  const admin = await adminConsoleLogin();
  const disabled = await api(request, 'PUT', ApiPaths.adminUserStatus(user.userId), {
    token: admin.token,
    body: { status: 'disabled' },
  });
  expect(disabled.status, disabled.msg).toBe(200);

  // The next request of the page (the profile, on reload) answers 403.
  await page.reload();
  await expect(page.getByText(Messages.accountDisabled)).toBeVisible();
  await expect(page).toHaveURL(/#\/loginRegistration\?loginStep=1&redirect=%2Fuser$/);
  await expect(page.getByTestId('auth-links')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});
