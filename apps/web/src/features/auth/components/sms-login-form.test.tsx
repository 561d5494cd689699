/**
 * 短信登录 form against a mocked transport: the code goes back with the flow ticket its send
 * answered (ADR 004), and a code typed before any send is refused on the form.
 */
import { ApiPaths } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { SmsLoginForm } from './sms-login-form';

const mock = new MockAdapter(client);
const TICKET = `42.${'t'.repeat(43)}`;

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
        <SmsLoginForm onSuccess={onSuccess} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onSuccess;
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));

describe('SmsLoginForm', () => {
  it('refuses a code typed before any send and sends nothing', async () => {
    mock.onGet(ApiPaths.captcha).reply(200, new Blob(['png']));
    renderForm();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    submit();
    expect(await screen.findByText('请先获取短信验证码')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });

  it('submits the code with the ticket of its send', async () => {
    mock.onGet(ApiPaths.captcha).reply(200, new Blob(['png']));
    mock.onGet(ApiPaths.smsCode).reply(200, {
      code: 200,
      msg: 'success',
      data: { expiresIn: 300, resendIn: 60, smsTicket: TICKET },
    });
    mock.onPost(ApiPaths.login).reply(200, { code: 200, msg: 'success', data: { userId: 1 } });
    const onSuccess = renderForm();
    await waitFor(() => expect(screen.getByAltText('图形验证码')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('图形验证码', { selector: 'input' }), { target: { value: '2468' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /秒后重发/ })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '123456' } });
    submit();

    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(String(mock.history.post![0]!.data))).toEqual({
      phone: '13912345678',
      smsCode: '123456',
      smsTicket: TICKET,
      platform: 'WEB',
    });
  });
});
