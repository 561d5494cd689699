/**
 * The route guards of docs/product.md §4 against a mocked transport: the education-cube `sessionId`
 * login (success, not bound without and with a local user), the WeChat `code` exchange and the
 * `unionId` branches, each leaving the sensitive parameters out of the address.
 */
import { ApiPaths, ErrorCode } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { IdentityGuard } from './guards';

const mock = new MockAdapter(client);
afterEach(() => {
  cleanup();
  mock.reset();
  useSession.getState().clear();
  sessionStorage.clear();
});
afterAll(() => mock.restore());

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <IdentityGuard>
            <Where />
          </IdentityGuard>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;

const LOGIN = {
  userId: 41,
  token: 'tok-41',
  userName: 'cube_user',
  name: 'cube_user',
  phone: null,
  roles: ['student'],
  avatar: null,
  identity: 'student',
  personId: null,
  zsVerified: false,
  completed: false,
  expiresAt: '2030-01-01T00:00:00Z',
};
const PROFILE = { ...LOGIN, realName: null, school: null, region: null, createdAt: '2026-01-01T00:00:00Z' };
const ok = (data: unknown) => [200, { code: 200, msg: 'success', data }] as const;
const notBound = [
  409,
  {
    code: ErrorCode.EDU_ACCOUNT_NOT_BOUND,
    msg: '该账号尚未绑定平台账号',
    data: { provider: 'educube', ticket: 'bt_cube', cubeAccountId: 'cube-9', profile: { name: '魔方用户' } },
  },
] as const;

describe('sessionId guard', () => {
  it('logs in, stores the user and goes to the H5 home', async () => {
    mock.onPost(ApiPaths.educubeLogin).reply(...ok(LOGIN));
    mock.onGet(ApiPaths.user(41)).reply(...ok(PROFILE));
    renderAt('/mobileH5/textbook?sessionId=sess-1');
    await waitFor(() => expect(where()).toBe('/mobileH5/home'));
    expect(useSession.getState().user).toMatchObject({ userId: 41, token: 'tok-41' });
    expect(JSON.parse(mock.history.post![0]!.data as string)).toMatchObject({ sessionId: 'sess-1' });
  });

  it('started on the desktop: logs in and goes back to the desktop page it left', async () => {
    mock.onPost(ApiPaths.educubeLogin).reply(...ok(LOGIN));
    mock.onGet(ApiPaths.user(41)).reply(...ok(PROFILE));
    renderAt('/myBook?sessionId=sess-5');
    await waitFor(() => expect(useSession.getState().user).toMatchObject({ userId: 41 }));
    await waitFor(() => expect(where()).toBe('/myBook'));
  });

  it('started on the desktop, not bound: the desktop bind screen, returning to the page', async () => {
    mock.onPost(ApiPaths.educubeLogin).reply(...notBound);
    renderAt('/user?sessionId=sess-6');
    await waitFor(() => expect(where()).toBe('/bindAccount?provider=educube&redirect=%2Fuser'));
    expect(JSON.parse(sessionStorage.getItem('cubeUser')!)).toMatchObject({ ticket: 'bt_cube' });
  });

  it('not bound and nobody logged in: keeps the bind ticket and goes to bindChoiceMf', async () => {
    mock.onPost(ApiPaths.educubeLogin).reply(...notBound);
    renderAt('/mobileH5/home?sessionId=sess-2');
    await waitFor(() => expect(where()).toBe('/mobileH5/bindChoiceMf'));
    expect(JSON.parse(sessionStorage.getItem('cubeUser')!)).toMatchObject({
      ticket: 'bt_cube',
      cubeAccountId: 'cube-9',
    });
    expect(useSession.getState().user).toBeNull();
  });

  it('not bound with a local user: binds automatically', async () => {
    useSession.getState().setUser({ userId: 5, token: 'tok-5', userName: 'me', roles: ['student'] });
    mock.onPost(ApiPaths.educubeLogin).reply(...notBound);
    mock
      .onPost(ApiPaths.educubeBinding)
      .reply(...ok({ provider: 'educube', bound: true, displayName: null, boundAt: null }));
    renderAt('/mobileH5/home?sessionId=sess-3');
    await waitFor(() => expect(mock.history.post!.map((c) => c.url)).toContain(ApiPaths.educubeBinding));
    const body = JSON.parse(mock.history.post!.find((c) => c.url === ApiPaths.educubeBinding)!.data as string);
    expect(body).toEqual({ cubeAccountId: 'cube-9', ticket: 'bt_cube' });
    await waitFor(() => expect(where()).toBe('/mobileH5/home'));
    expect(useSession.getState().user?.userId).toBe(5);
  });
});

describe('code guard', () => {
  it('exchanges code and state, then goes to the answered in-app URL (replace)', async () => {
    mock.onGet(ApiPaths.wechatH5Login).reply(...ok({ url: '/#/mobileH5/home?unionId=bt_w&isBound=false' }));
    renderAt('/mobileH5/home?code=C1&state=' + 'a'.repeat(64));
    // The unionId guard then stores the ticket and sends the unbound person to bindChoiceWx.
    await waitFor(() => expect(where()).toBe('/mobileH5/bindChoiceWx'));
    expect(mock.history.get![0]!.params).toMatchObject({ code: 'C1', state: 'a'.repeat(64) });
    expect(JSON.parse(sessionStorage.getItem('wxUser')!)).toMatchObject({ ticket: 'bt_w' });
  });

  it('a refused code goes to the login page of the site', async () => {
    mock.onGet(ApiPaths.wechatH5Login).reply(400, { code: ErrorCode.OAUTH_INVALID, msg: '微信授权码无效，请重新登录' });
    renderAt('/mobileH5/home?code=used&state=' + 'b'.repeat(64));
    await waitFor(() => expect(where()).toBe('/mobileH5/login'));
    expect(useSession.getState().user).toBeNull();
  });

  it('does not run on /mobileH5/login', async () => {
    renderAt('/mobileH5/login?code=C&state=s');
    await new Promise((r) => setTimeout(r, 30));
    expect(mock.history.get).toHaveLength(0);
  });
});

describe('unionId guard', () => {
  it('bound with token and userId: exchanges the one-time code for a session, fetches the profile, stores the user', async () => {
    mock.onPost(ApiPaths.loginExchange).reply(...ok(LOGIN));
    mock.onGet(ApiPaths.user(41)).reply(...ok(PROFILE));
    renderAt('/?unionId=bt_b&isBound=true&token=lc_code&userId=41');
    await waitFor(() => expect(where()).toBe('/'));
    await waitFor(() => expect(useSession.getState().user).toMatchObject({ userId: 41, userName: 'cube_user' }));
    expect(JSON.parse(mock.history.post![0]!.data as string)).toMatchObject({ code: 'lc_code' });
    // The session is the exchanged one, never the URL's code.
    expect(useSession.getState().user?.token).toBe('tok-41');
  });

  it("a code the server refuses (another browser's link: login CSRF) logs nobody in and goes to login", async () => {
    mock.onPost(ApiPaths.loginExchange).reply(400, { code: ErrorCode.OAUTH_INVALID, msg: '登录凭证无效或已过期' });
    renderAt('/mobileH5/home?unionId=bt_x&isBound=true&token=lc_attacker&userId=41');
    await waitFor(() => expect(where()).toBe('/mobileH5/login'));
    expect(useSession.getState().user).toBeNull();
    expect(mock.history.get).toHaveLength(0);
  });

  it('a failed profile fetch clears the token and user and goes to login', async () => {
    mock.onPost(ApiPaths.loginExchange).reply(...ok(LOGIN));
    mock.onGet(ApiPaths.user(41)).reply(401, { code: 401, msg: '登录已失效，请重新登录' });
    renderAt('/mobileH5/home?unionId=bt_f&isBound=true&token=lc_bad&userId=41');
    await waitFor(() => expect(where()).toBe('/mobileH5/login'));
    expect(useSession.getState().user).toBeNull();
  });

  it('a local user continues on the same page, with the ticket stored', async () => {
    useSession.getState().setUser({ userId: 5, token: 'tok-5', userName: 'me', roles: [] });
    renderAt('/user/bindings?unionId=bt_c&isBound=false');
    await waitFor(() => expect(where()).toBe('/user/bindings'));
    expect(JSON.parse(sessionStorage.getItem('wxUser')!)).toMatchObject({ ticket: 'bt_c' });
  });
});
