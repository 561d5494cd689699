import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { MENU, SERVICE_ENTRIES, selectedMenuKey, selectedTextbookChild, type MenuKey } from './menu';

/** Every path of the route table with the entry it must highlight (docs/product.md §2). */
const EXPECTED: Record<string, MenuKey | null> = {
  '/': 'home',
  '/digitalBook': 'textbook',
  '/videoResource': 'textbook',
  '/videoOnlineLearning': 'textbook',
  '/material': 'textbook',
  '/detail': 'textbook',
  '/digitalResources': 'resources',
  '/digitalResources/syncMaterial': 'resources',
  '/digitalResources/paperCenter': 'resources',
  '/digitalResources/cloudBase': 'resources',
  '/digitalResources/paperCenter/paper': 'resources',
  '/digitalResources/paperCenter/print': 'resources',
  '/help': 'resources',
  '/WisdomTeaching': 'teaching',
  '/teachersTraining': 'training',
  '/teachersTraining/course': 'training',
  '/teachersTraining/mine': 'training',
  '/teachersTraining/verify': 'training',
  '/smartPublishing': 'publishing',
  '/smartPublishing/news': 'publishing',
  '/bigData': null,
  '/user': null,
  '/user/avatar': null,
  '/user/password': null,
  '/user/bindings': null,
  '/user/history': null,
  '/user/notes': null,
  '/activity': null,
  '/allResource': null,
  '/myBook': null,
  '/myDigitalBook': null,
  '/myResource': null,
  '/resource': null,
  '/loginRegistration': null,
  '/preview': null,
  '/ossPreview': null,
  '/about': null,
  '/copyRight': null,
  '/terms': null,
  '/privacy': null,
  '/guardian-consent': null,
  '/guardian': null,
  '/zjhAuth': null,
  '/bindAccount': null,
  '/mobile/login': null,
  '/mobile/perview': null,
  // The console has its own shell and menu.
  '/admin': null,
  '/admin/users': null,
  '/admin/codes': null,
  '/admin/audit': null,
  '/admin/catalogue': null,
  '/admin/question-import': null,
  '/admin/banners': null,
  '/admin/review': null,
  '/admin/activities': null,
  '/admin/chat': null,
  '/admin/training': null,
  '/admin/publishing': null,
};

function allPaths(): string[] {
  const out: string[] = [];
  for (const v of Object.values(paths)) {
    if (typeof v === 'string') out.push(v);
    else out.push(...Object.values(v));
  }
  return out;
}

describe('selectedMenuKey', () => {
  it('covers every route of the paths table', () => {
    const missing = allPaths().filter((p) => !p.startsWith('/mobileH5') && !(p in EXPECTED));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(EXPECTED))('%s highlights %s', (path, key) => {
    expect(selectedMenuKey(path)).toBe(key);
  });

  it('highlights nothing on the H5 routes', () => {
    for (const p of Object.values(paths.mobile)) expect(selectedMenuKey(p)).toBeNull();
  });

  it('matches paths exactly, not by prefix (docs/product.md §2)', () => {
    expect(selectedMenuKey('/digitalBookshelf')).toBeNull();
    expect(selectedMenuKey('/helpdesk')).toBeNull();
    expect(selectedMenuKey('/digitalResourcesX')).toBeNull();
    expect(selectedMenuKey('/digitalResources/anything/deeper')).toBe('resources');
    expect(selectedMenuKey('/digitalBook/')).toBe('textbook');
    expect(selectedMenuKey('/wisdomteaching')).toBeNull();
  });

  it('every highlighted key is a menu entry, in the order of the product rules', () => {
    expect(MENU.map((e) => e.label)).toEqual(['首页', '数字教材', '数字资源', '智慧教学', '智慧研修', '智慧出版']);
    expect(MENU[1]?.children?.map((c) => [c.label, c.to])).toEqual([
      ['数字教材', '/digitalBook'],
      ['网络学习', '/videoResource'],
    ]);
    const keys = new Set(MENU.map((e) => e.key));
    for (const k of Object.values(EXPECTED)) if (k) expect(keys.has(k)).toBe(true);
  });
});

describe('selectedTextbookChild', () => {
  it('marks 网络学习 on the video routes and 数字教材 on the other textbook routes', () => {
    expect(selectedTextbookChild('/videoResource')).toBe('videoResource');
    expect(selectedTextbookChild('/videoOnlineLearning')).toBe('videoResource');
    expect(selectedTextbookChild('/digitalBook')).toBe('digitalBook');
    expect(selectedTextbookChild('/detail')).toBe('digitalBook');
    expect(selectedTextbookChild('/')).toBeNull();
  });
});

describe('SERVICE_ENTRIES', () => {
  it('names the footer services as the header does', () => {
    expect(SERVICE_ENTRIES.map((e) => [e.label, e.to])).toEqual([
      ['数字教材', '/digitalBook'],
      ['数字资源', '/digitalResources/syncMaterial'],
      ['智慧教学', '/WisdomTeaching'],
      ['智慧研修', '/teachersTraining'],
      ['智慧出版', '/smartPublishing'],
    ]);
  });
});
