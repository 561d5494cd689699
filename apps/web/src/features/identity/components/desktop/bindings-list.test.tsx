/**
 * 账号绑定 list against a mocked transport: the three providers with their state, unbinding with
 * confirmation, the server's refusal of the last login method shown, and a WeChat bind ticket
 * brought back by the route guard offered in a confirm dialog naming both accounts.
 */
import { ApiPaths, ErrorCode } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
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

  it('asks before binding a WeChat ticket the route guard stored, naming both accounts, then binds with the ticket only', async () => {
    useSession.getState().setUser({ userId: 7, token: 'tok', userName: 'demo_student', roles: ['student'] });
    savePending({ provider: 'wechat', ticket: 'bt_arrived' });
    let bound = false;
    mock.onGet(ApiPaths.userBindings(7)).reply(() => ok(data(bound)) as never);
    mock
      .onGet(ApiPaths.bindTicketProfile)
      .reply(...ok({ provider: 'wechat', profile: { name: '小红同学' }, expiresAt: '2026-11-20T08:10:00Z' }));
    mock.onPost(ApiPaths.userBind).reply(() => {
      bound = true;
      return ok(row('wechat', true)) as never;
    });
    renderList();
    expect((await screen.findByTestId('bind-confirm')).textContent).toBe('将微信「小红同学」绑定到账号 demo_student？');
    // Nothing is bound before the person confirms.
    expect(mock.history.post).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    await waitFor(() => expect(mock.history.post).toHaveLength(1));
    expect(JSON.parse(mock.history.post![0]!.data as string)).toEqual({ ticket: 'bt_arrived' });
    await waitFor(() => expect(screen.getByTestId('binding-wechat').textContent).toContain('已绑定'));
    expect(sessionStorage.getItem('wxUser')).toBeNull();
  });

  it("binds nothing when the person cancels, or when the ticket is not this browser's", async () => {
    useSession.getState().setUser({ userId: 7, token: 'tok', userName: 'demo_student', roles: ['student'] });
    savePending({ provider: 'wechat', ticket: 'bt_cancelled' });
    mock.onGet(ApiPaths.userBindings(7)).reply(...ok(data(false)));
    mock
      .onGet(ApiPaths.bindTicketProfile)
      .reply(...ok({ provider: 'wechat', profile: { name: '小红同学' }, expiresAt: '2026-11-20T08:10:00Z' }));
    renderList();
    await screen.findByTestId('bind-confirm');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByTestId('bind-confirm')).toBeNull());
    cleanup();
    mock
      .onGet(ApiPaths.bindTicketProfile)
      .reply(400, { code: ErrorCode.OAUTH_INVALID, msg: '绑定凭证无效或已过期，请重新登录' });
    savePending({ provider: 'wechat', ticket: 'bt_foreign' });
    renderList();
    expect(await screen.findByText('绑定凭证无效或已过期，请重新登录')).toBeTruthy();
    expect(mock.history.post).toHaveLength(0);
  });
});
