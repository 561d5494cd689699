import { afterEach, describe, expect, it } from 'vitest';
import { clearPending, latestPending, loadPending, savePending, saveReturnTo, takeReturnTo } from './pending-binding';

afterEach(() => sessionStorage.clear());

describe('pending binding (docs/product.md §3: wxUser, cubeUser, zjerParam)', () => {
  it('keeps one pending identity per provider under the product keys, in session storage', () => {
    savePending({ provider: 'wechat', ticket: 'bt_w' }, 1000);
    savePending({ provider: 'educube', ticket: 'bt_c', cubeAccountId: 'c9' }, 2000);
    expect(JSON.parse(sessionStorage.getItem('wxUser')!)).toMatchObject({ ticket: 'bt_w' });
    expect(JSON.parse(sessionStorage.getItem('cubeUser')!)).toMatchObject({ cubeAccountId: 'c9' });
    expect(localStorage.getItem('wxUser')).toBeNull();
    expect(loadPending('wechat', 1500)?.ticket).toBe('bt_w');
    expect(latestPending(undefined, 2500)?.provider).toBe('educube');
    expect(latestPending('wechat', 2500)?.provider).toBe('wechat');
    clearPending('educube');
    expect(latestPending(undefined, 2500)?.provider).toBe('wechat');
  });

  it('drops tickets older than their 10-minute life and damaged values', () => {
    savePending({ provider: 'zjer', ticket: 'bt_z' }, 0);
    expect(loadPending('zjer', 10 * 60_000 + 1)).toBeNull();
    expect(sessionStorage.getItem('zjerParam')).toBeNull();
    sessionStorage.setItem('wxUser', '{not json');
    expect(loadPending('wechat')).toBeNull();
    sessionStorage.setItem('wxUser', JSON.stringify({ provider: 'zjer', ticket: 'x', storedAt: Date.now() }));
    expect(loadPending('wechat')).toBeNull();
  });

  it('return path: in-app only, read once', () => {
    saveReturnTo('//evil.example');
    expect(takeReturnTo()).toBeNull();
    saveReturnTo('/user/bindings');
    expect(takeReturnTo()).toBe('/user/bindings');
    expect(takeReturnTo()).toBeNull();
  });
});
