/**
 * H5 accounts pages (antd-mobile, 375 px): the password login with its Chinese field rules and
 * the `redirect` after success; links between the H5 accounts pages keep the redirect.
 */
import { MOBILE_UA } from '../support/env';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { CAPTCHA } from './accounts-helpers';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

test('H5 password login checks the fields, then logs in and follows the redirect', async ({ page }) => {
  await page.goto('/#/mobileH5/login?redirect=%2FmobileH5%2Factivation');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入手机号或用户名')).toBeVisible();
  await expect(page.getByText('请输入图形验证码')).toBeVisible();

  // The links carry the redirect on to the other H5 accounts pages.
  await expect(page.getByRole('link', { name: '注册账号' })).toHaveAttribute(
    'href',
    '#/mobileH5/register?redirect=%2FmobileH5%2Factivation',
  );

  // antd-mobile puts the aria-label on the wrapper and the <input>: address the inputs.
  const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
  await input('手机号或用户名').fill(DEMO.student);
  await input('密码').fill(DEMO.password);
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await input('图形验证码').fill(CAPTCHA);
  await page.getByRole('button', { name: '登录' }).click();

  await expect(page).toHaveURL(/#\/mobileH5\/activation$/);
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem('user') ?? 'null') as { userName: string } | null,
  );
  expect(user?.userName).toBe(DEMO.student);
});
