/**
 * 账号登录 form against a mocked transport: rules are checked before anything is sent, the
 * request carries the key of the captcha that was shown, and a server refusal (lockout) is shown
 * on the form with a fresh captcha.
 */
import { ApiPaths, ErrorCode } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { AccountLoginForm } from './account-login-form';

const mock = new MockAdapter(client);

beforeAll(() => {
  // jsdom has no object URLs; the form only needs distinct strings.
  let n = 0;
  URL.createObjectURL = vi.fn(() => `blob:captcha-${++n}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  mock.reset();
});
afterAll(() => mock.restore());

function renderForm(onSuccess = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <AntApp>
        <AccountLoginForm onSuccess={onSuccess} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onSuccess;
}

const captchaKeys = () =>
  mock.history.get!.filter((c) => c.url === ApiPaths.captcha).map((c) => (c.params as { key: string }).key);

describe('AccountLoginForm', () => {
  it('shows the Chinese rule messages on the fields and sends nothing', async () => {
    mock.onGet(ApiPaths.captcha).reply(200, new Blob(['png']));
    renderForm();
    fireEvent.change(screen.getByLabelText('图形验证码', { selector: 'input' }), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入手机号或用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入 4 位图形验证码')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('sends the shown captcha key and shows a lockout inline with a new captcha', async () => {
    mock.onGet(ApiPaths.captcha).reply(200, new Blob(['png']));
    mock
      .onPost(ApiPaths.login)
      .reply(429, { code: ErrorCode.AUTH_LOCKED, msg: '密码错误次数过多，请于 12:30 后再试或使用短信登录' });
    const onSuccess = renderForm();
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('手机号或用户名'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'whatever1' } });
    fireEvent.change(screen.getByLabelText('图形验证码', { selector: 'input' }), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      '密码错误次数过多，请于 12:30 后再试或使用短信登录',
    );
    const sent = JSON.parse(String(mock.history.post![0]!.data)) as Record<string, string>;
    expect(sent).toEqual({
      account: '13912345678',
      password: 'whatever1',
      captchaKey: captchaKeys()[0],
      captchaCode: '2468',
      platform: 'WEB',
    });
    await waitFor(() => expect(captchaKeys()).toHaveLength(2));
    expect(captchaKeys()[1]).not.toBe(captchaKeys()[0]);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
