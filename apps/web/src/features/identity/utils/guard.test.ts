import { describe, expect, it } from 'vitest';
import { afterLogin, bindScreenFor, decideGuard, homeFor, inAppRoute, loginFor, withoutSensitive } from './guard';

const q = (s: string) => new URLSearchParams(s);

describe('decideGuard (docs/product.md §4 route guards)', () => {
  it('does nothing without a guarded parameter', () => {
    expect(decideGuard('/mobileH5/home', q('a=1'), false)).toBeNull();
  });

  it('sessionId triggers the education-cube login and leaves the address without it', () => {
    expect(decideGuard('/mobileH5/home', q('sessionId=S1&tab=2'), false)).toEqual({
      kind: 'educube',
      sessionId: 'S1',
      rest: '/mobileH5/home?tab=2',
    });
  });

  it('code triggers the WeChat login everywhere but on /mobileH5/login', () => {
    expect(decideGuard('/loginRegistration', q('loginStep=1&code=C&state=ab'), false)).toEqual({
      kind: 'wechat',
      code: 'C',
      state: 'ab',
      rest: '/loginRegistration?loginStep=1',
    });
    expect(decideGuard('/mobileH5/login', q('code=C&state=ab'), false)).toBeNull();
    // A certificate number, not a WeChat code (docs/training.md).
    expect(decideGuard('/teachersTraining/verify', q('code=ABCD-EFGH-JKMN-PQRS'), false)).toBeNull();
  });

  it('unionId: continue with a local user, log in when bound with token and userId, else bindChoiceWx', () => {
    const bound = q('unionId=bt_x&isBound=true&token=t&userId=7');
    expect(decideGuard('/mobileH5/home', bound, true)).toMatchObject({ branch: 'continue', rest: '/mobileH5/home' });
    expect(decideGuard('/mobileH5/home', bound, false)).toMatchObject({ branch: 'login', token: 't', userId: 7 });
    expect(decideGuard('/mobileH5/home', q('unionId=bt_x&isBound=false'), false)).toMatchObject({
      branch: 'bind-choice',
    });
    // isBound without a usable token or user id is not a login.
    expect(decideGuard('/', q('unionId=bt_x&isBound=true&userId=abc&token=t'), false)).toMatchObject({
      branch: 'bind-choice',
    });
    expect(decideGuard('/', q('unionId=bt_x&isBound=true&userId=3'), false)).toMatchObject({ branch: 'bind-choice' });
  });

  it('unionId is only stored on login, bindChoiceWx, bind and register', () => {
    for (const p of ['/mobileH5/login', '/mobileH5/bindChoiceWx', '/mobileH5/bind', '/mobileH5/register']) {
      expect(decideGuard(p, q('unionId=bt_x&isBound=true&token=t&userId=1'), false)).toMatchObject({
        branch: 'store-only',
        rest: p,
      });
    }
  });

  it('sessionId wins over code, and code over unionId', () => {
    expect(decideGuard('/', q('sessionId=s&code=c&unionId=u'), false)?.kind).toBe('educube');
    expect(decideGuard('/', q('code=c&unionId=u'), false)?.kind).toBe('wechat');
  });
});

describe('withoutSensitive', () => {
  it('removes every credential-like parameter and keeps the rest', () => {
    expect(
      withoutSensitive('/x', q('a=1&token=t&userId=1&unionId=u&isBound=true&code=c&state=s&sessionId=i&b=2')),
    ).toBe('/x?a=1&b=2');
    expect(withoutSensitive('/x', q('token=t'))).toBe('/x');
  });
});

describe('inAppRoute', () => {
  it('accepts the answered in-app URL forms', () => {
    expect(inAppRoute('/#/mobileH5/home?unionId=u')).toBe('/mobileH5/home?unionId=u');
    expect(inAppRoute('#/user/bindings')).toBe('/user/bindings');
    expect(inAppRoute('/mobileH5/bindChoiceWx')).toBe('/mobileH5/bindChoiceWx');
    expect(inAppRoute(`${window.location.origin}/#/a?b=1`)).toBe('/a?b=1');
  });

  it('refuses anything that would leave the site', () => {
    for (const bad of [
      'https://evil.example/#/x',
      '//evil.example',
      '/\\evil',
      '/#//evil',
      'javascript:alert(1)',
      '/a\tb',
    ])
      expect(inAppRoute(bad), bad).toBeNull();
  });
});

describe('homeFor / loginFor', () => {
  it('stay on the site the route belongs to', () => {
    expect(homeFor('/mobileH5/bind')).toBe('/mobileH5/home');
    expect(homeFor('/loginRegistration')).toBe('/');
    expect(loginFor('/mobileH5/home')).toBe('/mobileH5/login');
    expect(loginFor('/zjhAuth')).toBe('/loginRegistration?loginStep=1');
  });
});

describe('bindScreenFor / afterLogin', () => {
  it('keeps an H5 login on the H5 bind screens', () => {
    expect(bindScreenFor('wechat', '/mobileH5/home')).toBe('/mobileH5/bindChoiceWx');
    expect(bindScreenFor('educube', '/mobileH5/userCenter')).toBe('/mobileH5/bindChoiceMf');
  });

  it('sends a desktop login to the desktop bind screen, which returns where the login started', () => {
    const screen = (to: string) => {
      const [path, query] = to.split('?');
      return [path, Object.fromEntries(new URLSearchParams(query))];
    };
    expect(screen(bindScreenFor('wechat', '/myBook'))).toEqual([
      '/bindAccount',
      { provider: 'wechat', redirect: '/myBook' },
    ]);
    expect(screen(bindScreenFor('educube', '/user?tab=1'))).toEqual([
      '/bindAccount',
      { provider: 'educube', redirect: '/user?tab=1' },
    ]);
    // Never back to a login page.
    expect(screen(bindScreenFor('wechat', '/loginRegistration?loginStep=1'))[1]).toMatchObject({ redirect: '/' });
  });

  it('continues where the login came back to, a login page counting as its home', () => {
    expect(afterLogin('/user')).toBe('/user');
    expect(afterLogin('/mobileH5/home')).toBe('/mobileH5/home');
    expect(afterLogin('/loginRegistration?loginStep=1')).toBe('/');
    expect(afterLogin('/mobileH5/login')).toBe('/mobileH5/home');
  });

  it('only stores a unionId on the desktop bind screen', () => {
    expect(decideGuard('/bindAccount', new URLSearchParams('unionId=bt_1&isBound=false'), false)).toMatchObject({
      branch: 'store-only',
    });
  });
});
