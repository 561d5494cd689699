import { describe, expect, it } from 'vitest';
import { isWeChatBrowser, keyTypeFor, opensNewWindow } from './class-server';

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('class-server jump rules (docs/product.md §7)', () => {
  it('opens a new window unless asked for the same one or inside WeChat', () => {
    expect(opensNewWindow(false, CHROME_UA)).toBe(true);
    expect(opensNewWindow(true, CHROME_UA)).toBe(false);
    expect(opensNewWindow(false, WECHAT_UA)).toBe(false);
    expect(isWeChatBrowser(WECHAT_UA)).toBe(true);
    expect(isWeChatBrowser(CHROME_UA)).toBe(false);
  });

  it('uses the URL key when a class-server return address is stored, else the default key', () => {
    expect(keyTypeFor('https://class.example/back')).toBe('url');
    expect(keyTypeFor(null)).toBe('default');
    expect(keyTypeFor('')).toBe('default');
  });
});
