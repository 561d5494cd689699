/**
 * The header menu (docs/product.md §2, Header): entries in the order of the product rules, and which entry the
 * current route highlights. The mapping is a pure function of the route path so that it can be
 * tested for every route of the table.
 */
import { paths } from '@/config/paths';

export type MenuKey = 'home' | 'textbook' | 'resources' | 'teaching' | 'training' | 'publishing';

export interface MenuEntry {
  key: MenuKey;
  label: string;
  /** Where a click goes. */
  to: string;
  /** Hover dropdown (only 数字教材). */
  children?: { key: string; label: string; to: string }[];
}

/** Header entries in the order of docs/product.md §2. */
export const MENU: readonly MenuEntry[] = [
  { key: 'home', label: '首页', to: paths.home },
  {
    key: 'textbook',
    label: '数字教材',
    to: paths.digitalBook,
    children: [
      { key: 'digitalBook', label: '数字教材', to: paths.digitalBook },
      { key: 'videoResource', label: '网络学习', to: paths.videoResource },
    ],
  },
  { key: 'resources', label: '数字资源', to: paths.syncMaterial },
  { key: 'teaching', label: '智慧教学', to: paths.wisdomTeaching },
  { key: 'training', label: '智慧研修', to: paths.teachersTraining },
  { key: 'publishing', label: '智慧出版', to: paths.smartPublishing },
];

/** The footer's 服务 column: the header's sections (without 首页) under the header's names. */
export const SERVICE_ENTRIES: readonly MenuEntry[] = MENU.filter((e) => e.key !== 'home');

const EXACT: Record<string, MenuKey> = {
  [paths.home]: 'home',
  [paths.digitalBook]: 'textbook',
  [paths.videoResource]: 'textbook',
  [paths.videoOnlineLearning]: 'textbook',
  [paths.material]: 'textbook',
  [paths.detail]: 'textbook',
  [paths.help]: 'resources',
  [paths.wisdomTeaching]: 'teaching',
  [paths.teachersTraining]: 'training',
  [paths.smartPublishing]: 'publishing',
  [paths.publishingNews]: 'publishing',
};

/**
 * The header entry highlighted on `pathname` (path without query), or null when the route belongs
 * to no entry (user centre, my textbooks, about, big data …). Spec 2: /videoResource,
 * /videoOnlineLearning, /material and /detail highlight 数字教材; /digitalResources/* and /help
 * highlight 数字资源. A trailing slash is ignored.
 */
export function selectedMenuKey(pathname: string): MenuKey | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = EXACT[p];
  if (exact) return exact;
  if (p === paths.digitalResources || p.startsWith(`${paths.digitalResources}/`)) return 'resources';
  if (p.startsWith(`${paths.teachersTraining}/`)) return 'training';
  return null;
}

/** The highlighted item of the 数字教材 dropdown: 网络学习 for the video routes, else 数字教材. */
export function selectedTextbookChild(pathname: string): 'digitalBook' | 'videoResource' | null {
  if (selectedMenuKey(pathname) !== 'textbook') return null;
  return pathname === paths.videoResource || pathname === paths.videoOnlineLearning ? 'videoResource' : 'digitalBook';
}
