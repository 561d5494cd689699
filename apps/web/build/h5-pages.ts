/**
 * The H5 pages that have antd-mobile groups of their own (vite.config.ts `manualChunks`) and the
 * bundle guard's rules about them (bundle-guard.ts): one list for both, so a page moved between
 * groups is guarded as it is built (docs/decisions/013-first-paint.md).
 */

/** The H5 shell and home: the first screen of most phone visits (`h5-ui`). */
export const H5_FIRST_SCREEN = /\/src\/(components\/layouts\/h5-shell|app\/routes\/mobile-home)\.tsx$/;

/** The bookstore, a book and the reader: where a shared link or the home leads (`h5-ui-books`). */
export const H5_BOOK_PAGES = /\/src\/app\/routes\/mobile\/(textbook|browse-book|pdf)\.tsx$/;
