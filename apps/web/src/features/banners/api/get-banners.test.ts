/** Where a banner leads: in-app routes and https pages only, whatever the server sent. */
import { describe, expect, it } from 'vitest';
import { bannerTarget } from './get-banners';

describe('bannerTarget', () => {
  it('follows in-app paths and the older hash routes inside the app', () => {
    expect(bannerTarget('/digitalBook')).toEqual({ kind: 'route', to: '/digitalBook' });
    expect(bannerTarget('#/videoResource')).toEqual({ kind: 'route', to: '/videoResource' });
  });

  it('opens https pages as external links', () => {
    expect(bannerTarget('https://www.example.edu.cn/news')).toEqual({
      kind: 'external',
      href: 'https://www.example.edu.cn/news',
    });
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://www.example.edu.cn/',
    '//evil.example',
    '#//evil.example',
    '/\\evil.example',
    '#/\t/evil.example',
    null,
    '',
  ])('goes nowhere for %j', (link) => {
    expect(bannerTarget(link)).toBeNull();
  });
});
