import { randomBytes } from 'node:crypto';
import type { OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { bundleViolations, entryBudgetViolations } from './bundle-guard';
import { bundle, chunk as outputChunk } from './test-bundle';

const ROOT = '/repo/apps/web';
const NM = '/repo/node_modules';

/** The shared test chunk, with the modules it holds third: what these tests vary most. */
const chunk = (fileName: string, facade: string | null, modules: string[], imports: string[] = [], isEntry = false) =>
  outputChunk(fileName, facade, imports, [], isEntry, modules);

describe('bundleViolations', () => {
  const entry = chunk('index.js', `${ROOT}/index.html`, [`${NM}/react-dom/index.js`, `${ROOT}/src/main.tsx`], [], true);

  it('accepts H5 pages that share chunks with each other but not with the desktop', () => {
    const shared = chunk('adm.js', null, [`${NM}/antd-mobile/es/index.js`]);
    const home = chunk(
      'home.js',
      `${ROOT}/src/app/routes/mobile-home.tsx`,
      [`${ROOT}/src/app/routes/mobile-home.tsx`],
      ['adm.js'],
    );
    const login = chunk(
      'login.js',
      `${ROOT}/src/app/routes/mobile/login.tsx`,
      [`${NM}/zod/v4/core/core.js`],
      ['adm.js'],
    );
    expect(bundleViolations(bundle(entry, shared, home, login))).toEqual([]);
  });

  it('names the H5 page and the antd module reached through a shared chunk', () => {
    const desktop = chunk('Button.js', null, [`${NM}/antd/es/button/index.js`]);
    const card = chunk('card.js', null, [`${ROOT}/src/features/textbooks/components/query-error.tsx`], ['Button.js']);
    const page = chunk('act.js', `${ROOT}/src/app/routes/mobile/activation.tsx`, [], ['card.js']);
    expect(bundleViolations(bundle(entry, desktop, card, page))).toEqual([
      'H5 pages load no antd: src/app/routes/mobile/activation.tsx reaches node_modules/antd/es/button/index.js',
    ]);
  });

  it('allows zod on H5 account forms only, and never in the entry', () => {
    const zod = chunk('coerce.js', null, [`${NM}/zod/v4/classic/coerce.js`]);
    const book = chunk('book.js', `${ROOT}/src/app/routes/mobile/browse-book.tsx`, [], ['coerce.js']);
    const register = chunk('reg.js', `${ROOT}/src/app/routes/mobile/register.tsx`, [], ['coerce.js']);
    const fatEntry = chunk('index.js', `${ROOT}/index.html`, [`${NM}/zod/v4/core/core.js`], [], true);
    expect(bundleViolations(bundle(fatEntry, zod, book, register))).toEqual([
      'the entry chunk loads no zod and no antd: index.html reaches node_modules/zod/v4/core/core.js',
      'H5 pages without account forms load no zod: src/app/routes/mobile/browse-book.tsx reaches node_modules/zod/v4/classic/coerce.js',
    ]);
  });

  it("keeps pdf.js out of the readers' first load", () => {
    const pdf = chunk('pdfjs.js', null, [`${NM}/pdfjs-dist/build/pdf.mjs`, `${NM}/react-pdf/dist/Document.js`]);
    const reader = chunk('preview.js', `${ROOT}/src/app/routes/preview.tsx`, [], ['pdfjs.js']);
    const lazyReader = {
      ...chunk('pdf.js', `${ROOT}/src/app/routes/mobile/pdf.tsx`, []),
      dynamicImports: ['pdfjs.js'],
    };
    expect(bundleViolations(bundle(entry, pdf, reader, lazyReader as OutputChunk))).toEqual([
      'the readers load pdf.js after their first paint: src/app/routes/preview.tsx reaches node_modules/pdfjs-dist/build/pdf.mjs',
    ]);
  });

  it("keeps the forms of other H5 pages out of the H5 home's first load", () => {
    const first = chunk('h5-ui.js', null, [`${NM}/antd-mobile/es/components/swiper/swiper.js`]);
    const more = chunk('h5-ui-more.js', null, [`${NM}/rc-field-form/es/Form.js`], ['h5-ui.js']);
    const home = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, [], ['h5-ui.js']);
    const login = chunk('login.js', `${ROOT}/src/app/routes/mobile/login.tsx`, [], ['h5-ui-more.js']);
    expect(bundleViolations(bundle(entry, first, more, home, login))).toEqual([]);
    const tied = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, [], ['h5-ui-more.js']);
    expect(bundleViolations(bundle(entry, first, more, tied))).toEqual([
      'the H5 shell and home load no form library, dialog, picker or popover: src/app/routes/mobile-home.tsx reaches node_modules/rc-field-form/es/Form.js',
    ]);
  });

  it("keeps the account pages' forms out of the H5 bookstore, book and reader", () => {
    const books = chunk('h5-ui-books.js', null, [`${NM}/antd-mobile/es/components/list/list.js`]);
    const more = chunk('h5-ui-more.js', null, [`${NM}/antd-mobile/es/components/picker/picker.js`], ['h5-ui-books.js']);
    const reader = chunk('pdf.js', `${ROOT}/src/app/routes/mobile/pdf.tsx`, [], ['h5-ui-books.js']);
    const login = chunk('login.js', `${ROOT}/src/app/routes/mobile/login.tsx`, [], ['h5-ui-more.js']);
    expect(bundleViolations(bundle(entry, books, more, reader, login))).toEqual([]);
    const tied = chunk('book.js', `${ROOT}/src/app/routes/mobile/browse-book.tsx`, [], ['h5-ui-more.js']);
    expect(bundleViolations(bundle(entry, books, more, tied))).toEqual([
      'the H5 bookstore, book and reader load no form library, dialog, picker or popover: src/app/routes/mobile/browse-book.tsx reaches node_modules/antd-mobile/es/components/picker/picker.js',
    ]);
  });

  it("keeps the desktop's icons out of the H5 home's first load", () => {
    const h5Icons = chunk('h5-icons.js', null, [`${NM}/@ant-design/icons/es/icons/BookOutlined.js`]);
    const icons = chunk('icons.js', null, [`${NM}/@ant-design/icons/es/icons/index.js`], ['h5-icons.js']);
    const home = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, [], ['h5-icons.js']);
    expect(bundleViolations(bundle(entry, h5Icons, icons, home))).toEqual([]);
    const tied = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, [], ['icons.js']);
    expect(bundleViolations(bundle(entry, h5Icons, icons, tied))).toEqual([
      "the H5 shell and home load only the icons they show, not the desktop's: src/app/routes/mobile-home.tsx reaches node_modules/@ant-design/icons/es/icons/index.js",
    ]);
  });

  it('keeps antd-mobile out of desktop pages and the console, but not the shared libraries', () => {
    const common = chunk('ui-common.js', null, [`${NM}/dayjs/dayjs.min.js`]);
    const h5 = chunk('h5-ui.js', null, [`${NM}/antd-mobile/es/components/swiper/swiper.js`], ['ui-common.js']);
    const datePicker = chunk('date-picker.js', null, [`${NM}/antd/es/date-picker/index.js`], ['ui-common.js']);
    const codes = chunk('codes.js', `${ROOT}/src/app/routes/admin/codes.tsx`, [], ['date-picker.js']);
    const home = chunk('home.js', `${ROOT}/src/app/routes/mobile-home.tsx`, [], ['h5-ui.js']);
    expect(bundleViolations(bundle(entry, common, h5, datePicker, codes, home))).toEqual([]);
    const tied = chunk('date-picker.js', null, [`${NM}/antd/es/date-picker/index.js`], ['h5-ui.js']);
    const reader = chunk('preview.js', `${ROOT}/src/app/routes/preview.tsx`, [], ['date-picker.js']);
    expect(bundleViolations(bundle(entry, common, h5, tied, codes, reader, home))).toEqual([
      'desktop pages and the console load no antd-mobile: src/app/routes/admin/codes.tsx reaches node_modules/antd-mobile/es/components/swiper/swiper.js',
      'desktop pages and the console load no antd-mobile: src/app/routes/preview.tsx reaches node_modules/antd-mobile/es/components/swiper/swiper.js',
    ]);
  });

  it('ignores what a page loads later through dynamic imports', () => {
    const later = chunk('antd.js', null, [`${NM}/antd/es/modal/index.js`]);
    const page = {
      ...chunk('net.js', `${ROOT}/src/app/routes/mobile/network-learning.tsx`, []),
      dynamicImports: ['antd.js'],
    };
    expect(bundleViolations(bundle(entry, later, page as OutputChunk))).toEqual([]);
  });
});

describe('entryBudgetViolations', () => {
  /** A chunk with `code` as its text (the budget is measured on the gzip of the code). */
  function coded(fileName: string, code: string, imports: string[] = [], isEntry = false) {
    return { type: 'chunk', fileName, code, imports, isEntry, modules: {} } as unknown as OutputChunk;
  }
  // Random base64 text compresses to about three quarters of its length.
  const noise = (n: number) => randomBytes((n * 3) / 4).toString('base64');

  it('counts the entry with the chunks it imports statically, not the lazy ones', () => {
    const entry = coded('index.js', noise(800), ['vendor.js'], true);
    const vendor = coded('vendor.js', noise(800));
    const lazy = coded('page.js', noise(5000));
    expect(entryBudgetViolations(bundle(entry, vendor, lazy), 2000)).toEqual([]);
    const [message] = entryBudgetViolations(bundle(entry, vendor, lazy), 1000);
    expect(message).toMatch(
      /^the entry's first load \(index\.js, vendor\.js\) is 1\.\d kB gzip, over its budget of 1 kB$/,
    );
  });
});
