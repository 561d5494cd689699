/**
 * Guardian consent for pupils under 14 (docs/privacy.md, Guardians), desktop and H5: a pupil who
 * gives a birth year of someone under 14 registers browse-only (a banner says why, a write answers
 * the guardian message and the session stays), the guardian's phone receives a code (read from the
 * dev SMS outbox) and the guardian ticks consent, then the same write goes through. On the desktop
 * the guardian then opens the 监护人 page with the recorded phone, sees the account and erases it.
 */
import { beijingYear, Messages, TeachingMessages } from '@eav/contract';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { CAPTCHA, chooseBirthYear, smsCodeFor, uniquePhone, uniqueUserName, userMenu } from './accounts-helpers';

/** A birth year of a pupil who is ten this Beijing year. */
const pupilYear = () => beijingYear(Date.now()) - 10;

test.describe('desktop', () => {
  test('a pupil under 14 browses only until the guardian consents; the guardian can see and erase the account', async ({
    page,
    allowConsoleErrors,
  }) => {
    // The refused guardian phone answers 400 and the browse-only write 403 (the browser logs both).
    allowConsoleErrors(/status of 40[03]/);
    const phone = uniquePhone();
    const userName = uniqueUserName('kid');
    const password = 'Pupil2026x';

    await page.goto('/#/loginRegistration?loginStep=0&redirect=%2Fuser%2Fpassword');
    const form = page.getByRole('form', { name: '注册' });
    await chooseBirthYear(page, form, pupilYear());
    await form.getByLabel('手机号', { exact: true }).fill(phone);
    await expect(form.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await form.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
    const since = Date.now();
    await form.getByRole('button', { name: '获取验证码' }).click();
    await form.getByLabel('短信验证码').fill(await smsCodeFor(phone, 'register', since));
    await form.getByLabel('用户名', { exact: true }).fill(userName);
    await form.getByLabel('设置密码').fill(password);
    await form.getByLabel('确认密码').fill(password);
    await form.getByText('我已阅读并同意').click();
    await form.getByRole('button', { name: '注册并登录' }).click();
    await expect(page).toHaveURL(/#\/user\/password$/);

    const banner = page.getByTestId('guardian-banner');
    await expect(banner).toContainText('你未满 14 周岁，需监护人同意后才能使用全部功能');
    const changePassword = async (from: string, to: string) => {
      const pw = page.getByRole('form', { name: '修改密码' });
      await pw.getByLabel('原密码').fill(from);
      await pw.getByLabel('新密码', { exact: true }).fill(to);
      await pw.getByLabel('确认新密码').fill(to);
      await pw.getByRole('button', { name: '确认修改' }).click();
      return pw;
    };
    const refused = await changePassword(password, 'Pupil2026y');
    await expect(refused.getByRole('alert')).toContainText(Messages.guardianRequired);
    // Still logged in: the refusal is not a logout.
    await expect(userMenu(page)).toContainText(userName);

    await banner.getByRole('button', { name: '去完成监护人同意' }).click();
    await expect(page).toHaveURL(/#\/guardian-consent$/);
    await expect(banner).toHaveCount(0);
    const consent = page.getByTestId('guardian-consent-form');
    const guardianPhone = uniquePhone();
    // The pupil's own phone is refused as the guardian's.
    await consent.getByLabel('监护人手机号').fill(phone);
    await consent.getByRole('button', { name: '获取验证码' }).click();
    await expect(consent.getByText('监护人手机号不能是你自己的注册手机号')).toBeVisible();
    await consent.getByLabel('监护人手机号').fill(guardianPhone);
    const sent = Date.now();
    await consent.getByRole('button', { name: '获取验证码' }).click();
    await consent.getByLabel('短信验证码').fill(await smsCodeFor(guardianPhone, 'guardian', sent));
    await consent.getByRole('button', { name: '监护人同意' }).click();
    await expect(consent.getByText('请监护人阅读并勾选同意')).toBeVisible();
    await consent.getByTestId('guardian-agree').click();
    await consent.getByRole('button', { name: '监护人同意' }).click();
    await expect(page.locator('.ant-result-title')).toHaveText('监护人已同意');
    const masked = `${guardianPhone.slice(0, 3)}****${guardianPhone.slice(7)}`;
    await expect(page.locator('.ant-result-subtitle')).toContainText(masked);

    await page.goto('/#/user/password');
    await expect(page.getByTestId('guardian-banner')).toHaveCount(0);
    await changePassword(password, 'Pupil2026y');
    await expect(page.getByText('密码已修改，其他设备上的登录已退出')).toBeVisible();

    // The guardian's page: the recorded phone, a captcha and a code of its own purpose.
    await page.goto('/#/guardian');
    const access = page.getByTestId('guardian-access-form');
    await access.getByLabel('手机号', { exact: true }).fill(guardianPhone);
    await expect(access.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await access.getByLabel('图形验证码', { exact: true }).fill(CAPTCHA);
    const opened = Date.now();
    await access.getByRole('button', { name: '获取验证码' }).click();
    await access.getByLabel('短信验证码').fill(await smsCodeFor(guardianPhone, 'guardian_access', opened));
    await access.getByRole('button', { name: '验证并查看' }).click();
    const card = page.locator('.ant-card').filter({ hasText: `学生账号：${userName}` });
    await expect(card).toContainText(String(pupilYear()));
    await expect(card).toContainText('监护人同意');
    await card.getByRole('button', { name: '删除该账号' }).click();
    await page.getByRole('button', { name: '确定删除' }).click();
    await expect(page.getByText('没有以该手机号作为监护人的学生账号')).toBeVisible();
  });
});

test.describe('H5', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

  test('a pupil under 14 registers on the phone, the guardian consents, then joining a class is a real try', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 40[34]/);
    const phone = uniquePhone();
    const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
    await page.goto('/#/mobileH5/register');
    await input('出生年份').fill(String(pupilYear()));
    await input('手机号').fill(phone);
    await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
    await input('图形验证码').fill(CAPTCHA);
    const since = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await input('短信验证码').fill(await smsCodeFor(phone, 'register', since));
    await input('用户名').fill(uniqueUserName('h5kid'));
    await input('设置密码').fill('Pupil2026x');
    await input('确认密码').fill('Pupil2026x');
    await page.getByText('我已阅读并同意').click();
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(page).not.toHaveURL(/mobileH5\/register/);

    const join = async () => {
      await page.goto('/#/mobileH5/joinClass');
      await input('班级邀请码').fill('7K3MQA');
      await page.getByTestId('join-submit').click();
    };
    await join();
    await expect(page.locator('p[role="alert"]')).toHaveText(Messages.guardianRequired);
    const banner = page.getByTestId('guardian-banner');
    await expect(banner).toContainText('你未满 14 周岁');
    await banner.getByRole('link', { name: '去完成监护人同意' }).click();
    await expect(page).toHaveURL(/#\/mobileH5\/guardian-consent$/);

    const guardianPhone = uniquePhone();
    await input('监护人手机号').fill(guardianPhone);
    const sent = Date.now();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await input('短信验证码').fill(await smsCodeFor(guardianPhone, 'guardian', sent));
    await page.getByTestId('guardian-agree').click();
    await page.getByRole('button', { name: '监护人同意' }).click();
    await expect(page.getByText('监护人已同意').first()).toBeVisible();

    // Now the write reaches the teaching feature: an unknown code is its own answer.
    await join();
    await expect(page.locator('p[role="alert"]')).toHaveText(TeachingMessages.codeInvalid);
  });
});
