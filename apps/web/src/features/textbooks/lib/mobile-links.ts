/**
 * Links of the H5 book pages to the login and activation pages, coming back afterwards. A module of
 * their own, so that the reader's route takes them without the book page's components.
 */
import { paths } from '@/config/paths';
import { currentFullPath } from '@/lib/navigation';

/** `/mobileH5/login?redirect=…` back to the current page. */
export function mobileLoginHref(redirect = currentFullPath()): string {
  return `${paths.mobile.login}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * The H5 activation page for book `bookId`, coming back to `redirect` afterwards: the page sends the
 * book's id, so a code of another book is confirmed before it is used.
 */
export function mobileActivationHref(bookId: number, redirect = currentFullPath()): string {
  return `${paths.mobile.activation}?id=${bookId}&redirect=${encodeURIComponent(redirect)}`;
}
