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
};

/**
 * The H5 URL (path + query, hash-router form) for a desktop `pathname` and its `search`, or null
 * when the path has no H5 counterpart. Values are copied verbatim; empty values are dropped.
 */
export function mobileCounterpart(pathname: string, search: string | URLSearchParams): string | null {
  const link = MOBILE_LINKS[pathname];
  if (!link) return null;
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q = new URLSearchParams();
  for (const key of link.keep) {
    const v = from.get(key);
    if (v) q.set(key, v);
  }
  const qs = q.toString();
  return qs ? `${link.to}?${qs}` : link.to;
}
