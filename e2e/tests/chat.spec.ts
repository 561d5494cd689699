/**
 * 在线客服 (docs/chat.md) against the e2e server (CHAT_SERVICE_HOURS=open, so the journey does not
 * depend on the time of day): a visitor on a phone (375 px) opens the chat from the H5 floating
 * button and writes; the demo administrator, logged in through the API, answers in the desk at
 * /admin/chat (1440 px); the visitor sees the answer without reloading, and after a reload the
 * conversation is still there. axe finds no serious issue on either side.
 * Screenshots: docs/screenshots/chat-375.png, chat-desk-1440.png, chat-desktop-1440.png.
 */
import { axeFindings, SITE_FRAME } from '../support/axe';
import type { Browser, Page } from '@playwright/test';

import { adminConsoleLogin } from '../support/console';
import { MOBILE_UA } from '../support/env';
import { expect, test } from '../support/fixtures';
import { docScreenshot } from '../support/screenshots';
import { useSessionOf } from '../support/session';

async function axeProblems(page: Page): Promise<string[]> {
  return axeFindings(page, { exclude: SITE_FRAME });
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_UA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context.newPage();
}

test('a visitor on H5 chats with an agent who answers in the desk, live and across a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const question = `请问激活码在哪里输入？#${Date.now() % 100000}`;
  const answer = '请打开“激活教材”页面，输入教材封底的 16 位激活码。';

  // The visitor (not logged in) on the H5 home.
  const visitor = await phone(browser);
  await visitor.goto('/#/mobileH5/home');
  await visitor.getByTestId('h5-chat-button').click();
  const widget = visitor.getByTestId('chat-widget');
  await expect(widget.getByTestId('chat-status')).toHaveText('客服在线，欢迎咨询');
  await expect(widget.getByText('您好，请问有什么可以帮您？', { exact: false })).toBeVisible();
  await widget.getByLabel('输入消息').fill(question);
  await widget.getByTestId('chat-send').click();
  await expect(widget.getByTestId('chat-log').locator('[data-sender="visitor"]')).toContainText(question);

  // The agent: the demo administrator, logged in through the API, in the desk.
  const admin = await adminConsoleLogin();
  await useSessionOf(page, admin);
  await page.goto('/#/admin/chat');
  await expect(page.getByRole('heading', { level: 1, name: '在线客服工作台' })).toBeVisible();
  await expect(page.getByText('实时连接正常')).toBeVisible();
  const queued = page.getByTestId('desk-waiting').getByRole('button', { name: new RegExp(question.slice(-6)) });
  await expect(queued).toBeVisible();
  await queued.click();
  const pane = page.locator('[data-testid^="desk-conversation-"]');
  await expect(pane.getByText('未登录访客')).toBeVisible();
  await expect(pane.getByText('/mobileH5/home')).toBeVisible();
  await expect(pane.getByRole('log')).toContainText(question);
  await pane.getByRole('button', { name: '接入会话' }).click();
  await expect(pane.getByText('由我接待')).toBeVisible();
  await pane.getByLabel('回复内容').fill(answer);
  await pane.getByTestId('desk-send').click();
  await expect(pane.getByRole('log').locator('[data-sender="agent"]')).toContainText(answer);

  // The visitor sees it without reloading.
  await expect(widget.getByTestId('chat-log').locator('[data-sender="agent"]')).toContainText(answer);
  // Axe here: the chat window open in a conversation, which the route sweep does not open.
  expect(await axeProblems(visitor)).toEqual([]);
  await docScreenshot(visitor, 'chat-375.png');

  // Axe here: the agents' desk in a conversation; the route sweep logs in as a student only.
  expect(await axeProblems(page)).toEqual([]);
  await docScreenshot(page, 'chat-desk-1440.png', { fullPage: true });

  // The conversation survives a reload (the visitor token is kept in the browser).
  await visitor.reload();
  await visitor.getByTestId('h5-chat-button').click();
  await expect(visitor.getByTestId('chat-log')).toContainText(question);
  await expect(visitor.getByTestId('chat-log')).toContainText(answer);
  await visitor.context().close();
});

test('the desktop 在线客服 button opens the chat with the hours and other channels', async ({ page }) => {
  await page.goto('/#/help');
  await page.getByTestId('chat-button').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-status')).toHaveText('客服在线，欢迎咨询');
  await expect(panel.getByText('客服热线')).toBeVisible();
  await panel.getByLabel('输入消息').fill('你好，我想咨询教材购买');
  await panel.getByLabel('输入消息').press('Enter');
  await expect(panel.getByTestId('chat-log').locator('[data-sender="visitor"]')).toContainText(
    '你好，我想咨询教材购买',
  );
  // Axe here: the chat window open, which the route sweep does not open.
  expect(await axeProblems(page)).toEqual([]);
  await docScreenshot(page, 'chat-desktop-1440.png');
});
