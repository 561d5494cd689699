// @vitest-environment-options {"url": "https://szjc.example.edu.cn/"}
/**
 * Session cookies carry `Secure` on https pages (the token must never travel over plain http) and
 * not on http pages, where a browser would refuse them.
 */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, cookieOptions, loadStoredUser, storeUser } from './session-storage';

const user = { userId: 7, userName: '学生甲', token: 'tok-7', roles: ['student'] };

afterEach(() => vi.restoreAllMocks());

describe('cookieOptions', () => {
  it('adds Secure and the shared domain on an https page', () => {
    expect(cookieOptions({ hostname: 'szjc.example.edu.cn', protocol: 'https:' })).toEqual({
      path: '/',
      sameSite: 'lax',
      domain: 'szjc.example.edu.cn',
      secure: true,
    });
  });

  it('leaves Secure off on an http page', () => {
    expect(cookieOptions({ hostname: '127.0.0.1', protocol: 'http:' })).toEqual({ path: '/', sameSite: 'lax' });
  });
});

describe('storeUser on an https page', () => {
  it('sets the token and commonName cookies with Secure, and they read back', () => {
    expect(window.location.protocol).toBe('https:');
    const set = vi.spyOn(Cookies, 'set');
    storeUser(user);
    expect(set).toHaveBeenCalledTimes(2);
    for (const call of set.mock.calls) expect(call[2]).toMatchObject({ secure: true, path: '/', sameSite: 'lax' });
    expect(Cookies.get('token')).toBe('tok-7');
    localStorage.clear();
    expect(loadStoredUser()).toMatchObject({ userId: 7, token: 'tok-7' });
    clearSession();
    expect(Cookies.get('token')).toBeUndefined();
  });
});
