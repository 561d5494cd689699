/**
 * 账号绑定 list against a mocked transport: the three providers with their state, unbinding with
 * confirmation, the server's refusal of the last login method shown, and a WeChat bind ticket
 * brought back by the route guard bound on arrival.
 */
import { ApiPaths, ErrorCode } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { client } from '@/lib/api-client';
import { savePending } from '../../utils/pending-binding';
import { BindingsList } from './bindings-list';

const mock = new MockAdapter(client);
afterEach(() => {
  cleanup();
  mock.reset();
  sessionStorage.clear();
});
afterAll(() => mock.restore());

const row = (provider: string, bound: boolean) => ({
  provider,
  bound,
  displayName: bound ? '小明' : null,
  boundAt: bound ? '2026-11-20T08:00:00Z' : null,
});
const ok = (data: unknown) => [200, { code: 200, msg: 'success', data }] as const;
const data = (wechat: boolean) => ({
  items: [row('wechat', wechat), row('zjer', false), row('educube', false)],
  hasPassword: false,
  hasPhone: false,
});

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <BindingsList userId={7} />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('BindingsList', () => {
  it('lists the three providers and shows why the last login method cannot be unbound', async () => {
    mock.onGet(ApiPaths.userBindings(7)).reply(...ok(data(true)));
    mock.onDelete(ApiPaths.userBinding(7, 'wechat')).reply(409, {
      code: ErrorCode.BIND_LAST_METHOD,
      msg: '这是您唯一的登录方式，不能解除绑定',
    });
    renderList();
    const wechat = await screen.findByTestId('binding-wechat');
    expect(wechat.textContent).toContain('已绑定');
    expect(wechat.textContent).toContain('小明');
    expect(screen.getByTestId('binding-zjer').textContent).toContain('未绑定');
    expect(screen.getByTestId('binding-educube').textContent).toContain('未绑定');

    fireEvent.click(within(wechat).getByRole('button', { name: '解除绑定' }));
    const confirm = await screen.findAllByRole('button', { name: '解除绑定' });
    fireEvent.click(confirm[confirm.length - 1]!);
    expect(await screen.findByText('这是您唯一的登录方式，不能解除绑定')).toBeTruthy();
    expect(mock.history.delete).toHaveLength(1);
  });

  it('binds a WeChat ticket the route guard stored, with the ticket only (never a user id)', async () => {
    savePending({ provider: 'wechat', ticket: 'bt_arrived' });
    let bound = false;
    mock.onGet(ApiPaths.userBindings(7)).reply(() => ok(data(bound)) as never);
    mock.onPost(ApiPaths.userBind).reply(() => {
      bound = true;
      return ok(row('wechat', true)) as never;
    });
    renderList();
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({ ticket: 'bt_arrived' });
    await waitFor(() => expect(screen.getByTestId('binding-wechat').textContent).toContain('已绑定'));
    expect(sessionStorage.getItem('wxUser')).toBeNull();
  });
});
