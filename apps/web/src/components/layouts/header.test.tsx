/**
 * The header's 教学后台 entry opens the back-office address only when it is an https URL (or an
 * in-app path): an address such as `javascript:` from the permission answer is never offered.
 * The narrow header's menu button opens a drawer with the same entries, the current one marked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { BackOfficeContext } from './back-office-context';
import { Header } from './header';
import { MENU } from './menu';

const computedStyle = window.getComputedStyle.bind(window);
beforeAll(() => {
  // jsdom cannot compute pseudo-element styles (the drawer's scroll lock asks); the element's will do.
  window.getComputedStyle = (elt: Element) => computedStyle(elt);
});
afterAll(() => {
  window.getComputedStyle = computedStyle;
});
afterEach(() => {
  cleanup();
  useSession.getState().clear();
  vi.restoreAllMocks();
});

function renderHeader(address: string | null) {
  useSession.getState().setUser({
    userId: 7,
    token: 't',
    userName: 'teacher_li',
    name: 'teacher_li',
    phone: null,
    roles: ['teacher'],
    avatar: null,
    identity: 'teacher',
    personId: null,
    zsVerified: false,
    completed: true,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <BackOfficeContext.Provider value={() => address}>
          <Header />
        </BackOfficeContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByTestId('user-menu'));
}

describe('Header back-office entry', { timeout: 30_000 }, () => {
  it('opens an https address in a new window without this window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderHeader('https://teaching.example.edu.cn/sso');
    fireEvent.click(await screen.findByText('教学后台'));
    expect(open).toHaveBeenCalledWith('https://teaching.example.edu.cn/sso', '_blank', 'noopener,noreferrer');
  });

  it.each(['javascript:alert(document.cookie)', 'data:text/html,x', 'http://teaching.example.edu.cn/sso'])(
    'does not offer the address %j',
    async (address) => {
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      renderHeader(address);
      expect(await screen.findByText('个人中心')).toBeTruthy();
      expect(screen.queryByText('教学后台')).toBeNull();
      expect(open).not.toHaveBeenCalled();
    },
  );
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={new QueryClient()}>
        <Header />
        <Where />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function openDrawer() {
  const button = screen.getByRole('button', { name: '打开导航菜单' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: '导航菜单' });
  expect(button.getAttribute('aria-expanded')).toBe('true');
  return dialog;
}

describe('Header navigation drawer', { timeout: 30_000 }, () => {
  it('lists every menu entry as a link, the current page marked', async () => {
    renderAt('/WisdomTeaching');
    const nav = within(await openDrawer()).getByRole('navigation', { name: '主导航' });
    const labels = MENU.flatMap((e) => (e.children ? e.children.map((c) => c.label) : [e.label]));
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(labels);
    const current = within(nav).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('智慧教学');
    expect(current.className).toContain('is-active');
    // Logged out: the account links the narrow header row has no room for.
    expect(
      within(screen.getByTestId('drawer-auth-links'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['登录', '注册']);
  });

  it('marks 网络学习 inside 数字教材 on the video routes', async () => {
    renderAt('/videoResource');
    const nav = within(await openDrawer()).getByRole('navigation', { name: '主导航' });
    const group = within(nav).getByRole('list', { name: '数字教材' });
    expect(within(group).getByRole('link', { current: 'page' }).textContent).toBe('网络学习');
  });

  it('navigates from a link and closes', async () => {
    renderAt('/WisdomTeaching');
    const dialog = await openDrawer();
    fireEvent.click(within(dialog).getByRole('link', { name: '智慧研修' }));
    expect(screen.getByTestId('where').textContent).toBe('/teachersTraining');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导航菜单' })).toBeNull());
    expect(screen.getByRole('button', { name: '打开导航菜单' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('the current entry does not navigate (docs/product.md §2) but closes the drawer', async () => {
    renderAt('/WisdomTeaching');
    const dialog = await openDrawer();
    fireEvent.click(within(dialog).getByRole('link', { name: '智慧教学' }));
    expect(screen.getByTestId('where').textContent).toBe('/WisdomTeaching');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导航菜单' })).toBeNull());
  });

  it('holds the user menu when logged in', async () => {
    useSession.getState().setUser({
      userId: 8,
      token: 't',
      userName: 'student_wang',
      name: 'student_wang',
      phone: null,
      roles: ['student'],
      avatar: null,
      identity: 'student',
      personId: null,
      zsVerified: false,
      completed: true,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    renderAt('/help');
    const dialog = await openDrawer();
    expect(within(dialog).getByText('student_wang')).toBeTruthy();
    const account = within(dialog).getByRole('menu', { name: '账号菜单' });
    fireEvent.click(within(account).getByText('我的教材'));
    expect(screen.getByTestId('where').textContent).toBe('/myBook');
  });
});
