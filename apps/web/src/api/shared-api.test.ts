/**
 * Calls shared by several features, against a mocked transport (axios-mock-adapter): log out
 * revokes the token before the session goes and drops the user's cached answers; the profile
 * fetched at login lands in the cache the user centre reads; dictionary lookups fail silently.
 */
import { ApiPaths } from '@eav/contract';
import { QueryClient } from '@tanstack/react-query';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { registerNotifier } from '@/lib/notify';
import { useSession } from '@/stores/session';
import { getStages, stagesQueryOptions } from './dictionaries';
import { logout } from './logout';
import { getProfile, profileQueryOptions } from './profile';

const mock = new MockAdapter(client);
const notifier = { error: vi.fn(), httpError: vi.fn() };
const user = { userId: 7, userName: '李老师', token: 'tok-7', roles: ['teacher'], avatar: null };
const ok = (data: unknown): [number, unknown] => [200, { code: 200, msg: 'success', data }];

beforeEach(() => {
  mock.reset();
  vi.clearAllMocks();
  registerNotifier('desktop', notifier);
  registerNotifier('mobile', notifier);
  window.location.hash = '#/user';
  useSession.getState().setUser(user);
});
afterAll(() => mock.restore());

function cacheWithUserAnswers(): QueryClient {
  const qc = new QueryClient();
  qc.setQueryData(profileQueryOptions(7).queryKey, { userId: 7 } as never);
  qc.setQueryData(['permission', 'xh', 7], 'https://teaching.example/sso');
  qc.setQueryData(stagesQueryOptions().queryKey, [{ id: 1, name: '小学' }]);
  return qc;
}

describe('logout', () => {
  it('revokes the token with the call, then clears the session and the user’s cached answers', async () => {
    let sentAuth: unknown;
    let loggedInDuringCall = false;
    mock.onPost(ApiPaths.logout).reply((config) => {
      sentAuth = config.headers?.Authorization;
      loggedInDuringCall = useSession.getState().user !== null;
      return ok(null);
    });
    const qc = cacheWithUserAnswers();

    await logout(qc);

    expect(sentAuth).toBe('Bearer tok-7');
    expect(loggedInDuringCall).toBe(true);
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(qc.getQueryData(profileQueryOptions(7).queryKey)).toBeUndefined();
    expect(qc.getQueryData(['permission', 'xh', 7])).toBeUndefined();
    // Public answers stay cached.
    expect(qc.getQueryData(stagesQueryOptions().queryKey)).toEqual([{ id: 1, name: '小学' }]);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('still logs out, without a toast, when the call fails', async () => {
    mock.onPost(ApiPaths.logout).networkError();
    const qc = cacheWithUserAnswers();

    await expect(logout(qc)).resolves.toBeUndefined();

    expect(useSession.getState().user).toBeNull();
    expect(qc.getQueryData(profileQueryOptions(7).queryKey)).toBeUndefined();
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.httpError).not.toHaveBeenCalled();
  });
});

describe('profile', () => {
  it('fetches the owner’s profile into the entry the user centre reads', async () => {
    mock.onGet(ApiPaths.user(7)).reply(...ok({ userId: 7, userName: '李老师', avatar: '/uploads/a.png' }));
    const qc = new QueryClient();

    const profile = await qc.fetchQuery(profileQueryOptions(7));

    expect(profile).toMatchObject({ userId: 7, avatar: '/uploads/a.png' });
    expect(qc.getQueryData(['user', 7, 'profile'])).toEqual(profile);
  });

  it('rejects silently: the caller shows its own state', async () => {
    mock.onGet(ApiPaths.user(7)).reply(500, { code: 500, msg: '服务器繁忙' });
    await expect(getProfile(7)).rejects.toMatchObject({ status: 500, msg: '服务器繁忙' });
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.httpError).not.toHaveBeenCalled();
  });
});

describe('dictionaries', () => {
  it('a failed lookup shows no toast (pickers and filters show their own state)', async () => {
    mock.onGet(ApiPaths.dictStage).reply(500, { code: 500, msg: '服务器繁忙' });
    await expect(getStages()).rejects.toMatchObject({ status: 500 });
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.httpError).not.toHaveBeenCalled();
  });
});
