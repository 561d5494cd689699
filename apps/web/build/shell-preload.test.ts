import { describe, expect, it } from 'vitest';
import { shellPreloads } from './shell-preload';
import { bundle, chunk } from './test-bundle';

const SRC = '/repo/apps/web/src';

describe('shellPreloads', () => {
  const entry = chunk('assets/index.js', '/repo/apps/web/index.html', ['assets/vendor.js'], ['assets/index.css'], true);
  const vendor = chunk('assets/vendor.js', null);
  const rootShell = chunk(
    'assets/shell.js',
    `${SRC}/app/shell.tsx`,
    ['assets/vendor.js', 'assets/chat.js'],
    ['assets/shell.css'],
  );
  const chat = chunk('assets/chat.js', null);
  const h5 = chunk('assets/h5-shell.js', `${SRC}/components/layouts/h5-shell.tsx`, [
    'assets/h5-ui.js',
    'assets/chat.js',
  ]);
  const h5Ui = chunk('assets/h5-ui.js', null, ['assets/vendor.js'], ['assets/h5-ui.css', 'assets/index.css']);
  const desktop = chunk('assets/desktop-shell.js', `${SRC}/components/layouts/desktop-shell.tsx`, ['assets/antd.js']);
  const antd = chunk('assets/antd.js', null);
  const page = chunk('assets/home.js', `${SRC}/app/routes/home.tsx`, ['assets/antd.js']);

  it("lists each site's shell and the root route, without what the entry already loads, in load order", () => {
    const result = shellPreloads(bundle(entry, vendor, rootShell, chat, h5, h5Ui, desktop, antd, page));
    expect(result.h5).toEqual({
      modules: ['/assets/shell.js', '/assets/chat.js', '/assets/h5-shell.js', '/assets/h5-ui.js'],
      styles: ['/assets/shell.css', '/assets/h5-ui.css'],
    });
    expect(result.desktop).toEqual({
      modules: ['/assets/shell.js', '/assets/chat.js', '/assets/desktop-shell.js', '/assets/antd.js'],
      styles: ['/assets/shell.css'],
    });
  });

  it('prefixes the base the site is built for', () => {
    const result = shellPreloads(bundle(entry, vendor, rootShell, chat, h5, h5Ui, desktop, antd), '/portal/');
    expect(result.h5.modules[0]).toBe('/portal/assets/shell.js');
  });

  it('fails when a shell chunk is missing, instead of serving pages without its preload', () => {
    expect(() => shellPreloads(bundle(entry, vendor, rootShell, chat, desktop, antd))).toThrow(/h5-shell/);
  });
});
