/**
 * Class-server jump (docs/product.md §5, §7): no phone → '请绑定手机号' and no call; otherwise the
 * server's address opens in a new window and the stored `redirectUrl` (which picks the URL key) is
 * removed afterwards.
 */
import { ApiPaths } from '@eav/contract';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { registerNotifier } from '@/lib/notify';
import { useSession } from '@/stores/session';
import { jumpToClassServer, NO_PHONE_MESSAGE } from './use-class-server-jump';

const mock = new MockAdapter(client);
afterEach(() => {
  mock.reset();
  vi.restoreAllMocks();
  useSession.getState().clear();
});
afterAll(() => mock.restore());

function notifierSpy() {
  const error = vi.fn();
  registerNotifier('desktop', { error, httpError: vi.fn() });
  return error;
}

describe('jumpToClassServer', () => {
  it("says '请绑定手机号' and asks nothing when the user has no phone", async () => {
    const error = notifierSpy();
    useSession.getState().setUser({ userId: 3, token: 't', userName: 'T', roles: ['teacher'], phone: null });
    const open = vi.spyOn(window, 'open');
    await jumpToClassServer(3);
    expect(error).toHaveBeenCalledWith(NO_PHONE_MESSAGE, 3);
    expect(open).not.toHaveBeenCalled();
    expect(mock.history.get).toHaveLength(0);
  });

  it('opens the server-made address in a new window with the URL key, then forgets redirectUrl', async () => {
    notifierSpy();
    useSession.getState().setUser({ userId: 3, token: 't', userName: 'T', roles: ['teacher'], phone: '13800000002' });
    localStorage.setItem('redirectUrl', 'https://class.example/back');
    const win = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const url = 'https://class.example/enter?key=abc';
    mock
      .onGet(ApiPaths.classServerKey(3))
      .reply(200, { code: 200, msg: 'success', data: { key: 'abc', expiresAt: '', url } });
    await jumpToClassServer(3);
    expect(mock.history.get![0]!.params).toMatchObject({ keyType: 'url' });
    expect(win.location.href).toBe(url);
    expect(win.opener).toBeNull();
    expect(localStorage.getItem('redirectUrl')).toBeNull();
  });
});
