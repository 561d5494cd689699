/**
 * Desktop links opened on a phone (docs/mobile.md, Desktop links on a phone): the H5 page that shows
 * the same thing, with the same item and filters. One table for the router's loaders and the docs.
 */
import { paths } from '@/config/paths';

/** Query keys carried over from the desktop link; anything else (paging, tabs) is dropped. */
interface MobileLink {
  to: string;
  keep: readonly string[];
}

const CATALOGUE_KEYS = [
  'stageId',
  'subjectId',
  'editionId',
  'gradeId',
  'volumeId',
  'publisherId',
  'keyword',
  'readable',
] as const;

/** Desktop path → its H5 counterpart. A path not listed has no H5 page and stays on the desktop page. */
export const MOBILE_LINKS: Readonly<Record<string, MobileLink>> = {
  [paths.home]: { to: paths.mobile.home, keep: [] },
  [paths.digitalBook]: { to: paths.mobile.textbook, keep: CATALOGUE_KEYS },
  [paths.detail]: { to: paths.mobile.browseBook, keep: ['id'] },
  [paths.preview]: { to: paths.mobile.pdf, keep: ['id', 'page'] },
  [paths.videoOnlineLearning]: { to: paths.mobile.networkLearning, keep: ['id'] },
  // The activity link is shared in WeChat with its code (docs/prize.md).
  [paths.activity]: { to: paths.mobile.prize, keep: ['activityCode'] },
  // The user centre and my textbooks: the H5 我的 page holds both (and asks an H5 login first).
  [paths.user]: { to: paths.mobile.userCenter, keep: [] },
  [paths.userAvatar]: { to: paths.mobile.userCenter, keep: [] },
  [paths.userPassword]: { to: paths.mobile.userCenter, keep: [] },
  [paths.userBindings]: { to: paths.mobile.userCenter, keep: [] },
  [paths.userHistory]: { to: paths.mobile.history, keep: [] },
  [paths.userNotes]: { to: paths.mobile.notes, keep: ['keyword', 'kind'] },
  [paths.myBook]: { to: paths.mobile.userCenter, keep: [] },
  [paths.myDigitalBook]: { to: paths.mobile.userCenter, keep: [] },
};

/**
 * The desktop login on a phone is the H5 login, returning to the H5 page of the desktop page that
 * asked for the login (an H5 page as it is, a page without one the H5 home).
 */
function mobileLogin(from: URLSearchParams): string {
  const redirect = from.get('redirect');
  let back: string = paths.mobile.home;
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//')) {
    const [path = '', query = ''] = redirect.split('?');
    if (path.startsWith(`${paths.mobile.root}/`)) back = redirect;
    else back = mobileCounterpart(path, query) ?? paths.mobile.home;
  }
  return `${paths.mobile.login}?${new URLSearchParams({ redirect: back }).toString()}`;
}

/**
 * The H5 URL (path + query, hash-router form) for a desktop `pathname` and its `search`, or null
 * when the path has no H5 counterpart. Values are copied verbatim; empty values are dropped.
 */
export function mobileCounterpart(pathname: string, search: string | URLSearchParams): string | null {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  if (pathname === paths.loginRegistration) return mobileLogin(from);
  const link = MOBILE_LINKS[pathname];
  if (!link) return null;
  const q = new URLSearchParams();
  for (const key of link.keep) {
    const v = from.get(key);
    if (v) q.set(key, v);
  }
  const qs = q.toString();
  return qs ? `${link.to}?${qs}` : link.to;
}
