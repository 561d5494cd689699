/** Session store start-up and transitions (docs/product.md §4). */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const alice = { userId: 11, userName: '王老师', token: 'tok-local', roles: ['teacher'], avatar: null };
const bob = { userId: 12, userName: '李同学', token: 'tok-cookie', roles: ['student'] };

/** The store as created at app start (a fresh module reads the browser storage again). */
async function freshStore() {
  vi.resetModules();
  return (await import('./session')).useSession;
}

beforeEach(() => vi.resetModules());

describe('start-up', () => {
  it('is logged out when nothing is stored', async () => {
    expect((await freshStore()).getState().user).toBeNull();
  });

  it('loads the user from local storage `user`', async () => {
    localStorage.setItem('user', JSON.stringify(alice));
    expect((await freshStore()).getState().user).toMatchObject({ userId: 11, userName: '王老师', token: 'tok-local' });
  });

  it('falls back to the shared cookie `commonName`', async () => {
    document.cookie = `commonName=${encodeURIComponent(JSON.stringify(bob))}; path=/`;
    expect((await freshStore()).getState().user).toMatchObject({ userId: 12, userName: '李同学', token: 'tok-cookie' });
  });

  it('prefers local storage over the cookie', async () => {
    localStorage.setItem('user', JSON.stringify(alice));
    document.cookie = `commonName=${encodeURIComponent(JSON.stringify(bob))}; path=/`;
    expect((await freshStore()).getState().user?.userId).toBe(11);
  });

  it('treats a damaged or incomplete value as logged out', async () => {
    localStorage.setItem('user', '{not json');
    document.cookie = `commonName=${encodeURIComponent(JSON.stringify({ userName: 'x' }))}; path=/`;
    expect((await freshStore()).getState().user).toBeNull();
  });
});

describe('transitions', () => {
  it('setUser stores the user, the token cookie and the shared cookie', async () => {
    const store = await freshStore();
    store.getState().setUser(alice);
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ userId: 11 });
    expect(document.cookie).toContain('token=tok-local');
    expect(document.cookie).toContain('commonName=');
  });

  it('dropToken (401) clears user and token but keeps userInfo', async () => {
    const store = await freshStore();
    store.getState().setUser(alice);
    localStorage.setItem('userInfo', '{"x":1}');
    store.getState().dropToken();
    expect(store.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(localStorage.getItem('userInfo')).toBe('{"x":1}');
  });

  it('clear (log out) clears user, userInfo, token and the shared cookie', async () => {
    const store = await freshStore();
    store.getState().setUser(alice);
    localStorage.setItem('userInfo', '{"x":1}');
    store.getState().clear();
    expect(store.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(document.cookie).not.toContain('token=');
    expect(document.cookie).not.toContain('commonName=');
  });
});
