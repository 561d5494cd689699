/** `safeHref`: only https URLs and in-app paths reach `href` or `window.open`. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSafe, safeHref } from './safe-url';

const UNSAFE = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://example.edu.cn/',
  '//evil.example/',
  '/\\evil.example/',
  '/\t/evil.example/',
  'https:evil.example',
  'https://user:pass@evil.example/',
  'relative/path',
  '',
];

describe('safeHref', () => {
  it.each(UNSAFE)('refuses %j', (url) => {
    expect(safeHref(url)).toBeNull();
  });

  it.each(['https://teaching.example.edu.cn/sso?from=portal', '/digitalBook', '/videoResource?id=3#top'])(
    'keeps %j',
    (url) => {
      expect(safeHref(url)).toBe(url);
    },
  );

  it('answers null for a missing link', () => {
    expect(safeHref(null)).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });
});

describe('openSafe', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a safe link without handing over this window, and ignores an unsafe one', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openSafe('javascript:alert(1)')).toBe(false);
    expect(open).not.toHaveBeenCalled();
    expect(openSafe('https://teaching.example.edu.cn/sso')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://teaching.example.edu.cn/sso', '_blank', 'noopener,noreferrer');
  });
});
