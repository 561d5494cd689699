/**
 * The header's 教学后台 entry opens the back-office address only when it is an https URL (or an
 * in-app path): an address such as `javascript:` from the permission answer is never offered.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/stores/session';
import { BackOfficeContext } from './back-office-context';
import { Header } from './header';

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
