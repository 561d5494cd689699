/**
 * H5 third-party login journeys through the fake providers (docs/identity.md), at 375 px with a
 * phone's user agent: WeChat login of an unbound persona → bindChoiceWx → bind by phone + SMS →
 * confirm → home logged in; an education-cube `sessionId` link of an unbound persona → bindChoiceMf →
 * register → confirm → selectIdentity → improveInformation → home.
 */
import { ApiPaths } from '@eav/contract';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import {
  ADULT_BIRTH_YEAR,
  api,
  CAPTCHA,
  loginByApi,
  registerByApi,
  smsCodeFor,
  uniquePhone,
  uniqueUserName,
} from './accounts-helpers';
import {
  apiFailures,
  axeProblems,
  bindingsOf,
  FAKE_PAGE_FAVICON_404,
  choosePersona,
  expectNoSecretsInUrl,
  storedUser,
} from './identity-helpers';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: MOBILE_UA });

test('WeChat H5 login of an unbound persona, bound by phone and SMS, ends logged in at home', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(FAKE_PAGE_FAVICON_404);
  const failures = apiFailures(page);
  const user = await registerByApi(request);
  await page.goto('/#/mobileH5/login');
  await page.getByRole('button', { name: '微信' }).click();
  await expect(page).toHaveURL(/\/fake-idp\/wechat\//);
  await choosePersona(page, 'wx-student');

  await expect(page).toHaveURL(/#\/mobileH5\/bindChoiceWx$/);
  await expect(page.getByTestId('external-profile')).toContainText('小红同学');
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on bindChoiceWx').toEqual([]);

  await page.getByRole('link', { name: '使用手机验证码绑定' }).click();
  await expect(page).toHaveURL(/#\/mobileH5\/bind\?provider=wechat$/);
  const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
  await input('手机号').fill(user.phone);
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await input('图形验证码').fill(CAPTCHA);
  const since = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await input('短信验证码').fill(await smsCodeFor(user.phone, 'login', since));
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on bind').toEqual([]);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('bind-confirm')).toHaveText(`将微信「小红同学」绑定到账号 ${user.userName}？`);
  await page.getByRole('button', { name: '确认绑定' }).click();

  await expect(page).toHaveURL(/#\/mobileH5\/home$/);
  expect((await storedUser(page))?.userName).toBe(user.userName);
  const me = await loginByApi(request, user.phone, user.password);
  expect((await bindingsOf(request, me)).wechat).toBe(true);
  expect(failures).toEqual([]);
});

test('education-cube link of an unbound persona: register, choose identity, complete profile, home', async ({
  page,
  request,
  allowConsoleErrors,
}) => {
  // The education-cube login answers 409 EDU.ACCOUNT_NOT_BOUND for this persona, by design.
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 409 \(Conflict\)/);
  const failures = apiFailures(page);
  await page.goto('/#/mobileH5/login');
  await page.getByRole('button', { name: '教育魔方' }).click();
  await expect(page).toHaveURL(/\/fake-idp\/educube\//);
  await choosePersona(page, 'cube-student');

  // The provider came back with `/#/mobileH5/home?sessionId=…`; the guard found it unbound.
  await expect(page).toHaveURL(/#\/mobileH5\/bindChoiceMf$/);
  await expect(page.getByTestId('external-profile')).toContainText('魔方学生');
  expectNoSecretsInUrl(page);
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on bindChoiceMf').toEqual([]);

  await page.getByRole('tab', { name: '注册新账号' }).click();
  const input = (label: string) => page.locator(`input[aria-label="${label}"]`);
  const phone = uniquePhone();
  const userName = uniqueUserName('cube');
  await input('手机号').fill(phone);
  await expect(page.getByRole('img', { name: '图形验证码' })).toBeVisible();
  await input('图形验证码').fill(CAPTCHA);
  const since = Date.now();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await input('短信验证码').fill(await smsCodeFor(phone, 'register', since));
  await input('用户名').fill(userName);
  await input('出生年份').fill(String(ADULT_BIRTH_YEAR));
  await input('设置密码').fill('CubeJourney2026');
  await input('确认密码').fill('CubeJourney2026');
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: '注册并登录' }).click();
  await expect(page.getByTestId('bind-confirm')).toHaveText(`将教育魔方「魔方学生」绑定到账号 ${userName}？`);
  await page.getByRole('button', { name: '确认绑定' }).click();

  await expect(page).toHaveURL(/#\/mobileH5\/selectIdentity$/);
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on selectIdentity').toEqual([]);
  await page.getByRole('radio', { name: /我是学生/ }).click();
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page).toHaveURL(/#\/mobileH5\/improveInformation$/);
  await input('真实姓名').fill('陈小魔');
  await input('学校').fill('杭州市学军小学');
  await input('地区').fill('杭州市西湖区');
  const stage = page.locator('.adm-selector').first().locator('.adm-selector-item').first();
  await stage.click();
  const grade = page.locator('.adm-selector').nth(1).locator('.adm-selector-item').first();
  await grade.click();
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on improveInformation').toEqual([]);
  await page.getByRole('button', { name: '完成' }).click();

  await expect(page).toHaveURL(/#\/mobileH5\/home$/);
  const stored = await storedUser(page);
  expect(stored?.userName).toBe(userName);
  const profile = await api<{ realName: string; school: string }>(request, 'GET', ApiPaths.user(stored!.userId), {
    token: stored!.token,
  });
  expect(profile.data).toMatchObject({ realName: '陈小魔', school: '杭州市学军小学' });
  expect((await bindingsOf(request, stored!)).educube).toBe(true);
  expect(failures).toEqual([`POST 409 ${ApiPaths.educubeLogin}`]);
});

test('the bare /mobile/login sends a visitor to 之江汇; an unbound 之江汇 account lands on bindChoice', async ({
  page,
  allowConsoleErrors,
}) => {
  // The 之江汇 login answers 409 EDU.ACCOUNT_NOT_BOUND for this persona, by design.
  allowConsoleErrors(FAKE_PAGE_FAVICON_404, /status of 409 \(Conflict\)/);
  const failures = apiFailures(page);
  await page.goto('/#/mobile/login');
  await expect(page).toHaveURL(/\/fake-idp\/zjer\//);
  await choosePersona(page, 'zjer-teacher');

  await expect(page).toHaveURL(/#\/mobileH5\/bindChoice$/);
  await expect(page.getByTestId('external-profile')).toContainText('王老师');
  // Axe here: a third party's pending login, which the route sweep cannot reach.
  expect(await axeProblems(page), 'axe on bindChoice').toEqual([]);
  expect(failures).toEqual([`POST 409 ${ApiPaths.zjerLogin}`]);
});

test('a phone opening the desktop 个人中心 or 我的教材 gets the H5 我的 and the H5 login', async ({ page }) => {
  for (const desktop of ['/user', '/myBook']) {
    await page.goto(`/#${desktop}`);
    await expect(page).toHaveURL(/#\/mobileH5\/userCenter$/);
    await expect(page.getByRole('heading', { name: '登录后查看个人中心' })).toBeVisible();
  }
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/#\/mobileH5\/login\?redirect=%2FmobileH5%2FuserCenter$/);
  // A desktop login link on a phone is the H5 login too, back to an H5 page.
  await page.goto('/#/loginRegistration?loginStep=1&redirect=%2Fuser');
  await expect(page).toHaveURL(/#\/mobileH5\/login\?redirect=%2FmobileH5%2FuserCenter$/);
});
