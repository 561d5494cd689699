/**
 * The route table (spec section 2), hash mode. Every route's page is a lazy chunk loaded through
 * `loadChunk` (120 s time-out, one retry). `handle.title` names the page; `handle.menu` is the
 * header entry it highlights (see components/layouts/menu.ts).
 */
import { createHashRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { isMobileDevice } from '@/lib/device';
import { loadChunk } from '@/lib/lazy';

type Loader = () => Promise<{ default: React.ComponentType }>;

/** A lazy route whose module default-exports the page component. */
function page(path: string, title: string, load: Loader, extra: Partial<RouteObject> = {}): RouteObject {
  return {
    path,
    handle: { title },
    lazy: async () => ({ Component: (await loadChunk(load)).default }),
    ...extra,
  } as RouteObject;
}

const comingSoon: Loader = () => import('./routes/coming-soon');

export const desktopRoutes: RouteObject[] = [
  // `/` on a mobile device goes to the H5 home (spec 2).
  page(paths.home, '首页', comingSoon, { loader: () => (isMobileDevice() ? redirect(paths.mobile.home) : null) }),
  page(paths.digitalBook, '数字教材', comingSoon),
  page(paths.videoResource, '网络学习', comingSoon),
  page(paths.videoOnlineLearning, '在线学习', comingSoon),
  page(paths.material, '教材资源', comingSoon),
  page(paths.detail, '教材详情', comingSoon),
  { path: paths.digitalResources, element: <Navigate to={paths.syncMaterial} replace /> },
  page(paths.syncMaterial, '同步资源', comingSoon),
  page(paths.paperCenter, '试卷中心', comingSoon),
  page(paths.cloudBase, '云题库', comingSoon),
  page(paths.help, '帮助中心', comingSoon),
  page(paths.wisdomTeaching, '智慧教学', comingSoon),
  page(paths.teachersTraining, '智慧研修', comingSoon),
  page(paths.smartPublishing, '智慧出版', comingSoon),
  page(paths.bigData, '大数据中心', comingSoon),
  page(paths.user, '个人中心', comingSoon),
  page(paths.userAvatar, '修改头像', comingSoon),
  page(paths.userPassword, '修改密码', comingSoon),
  { path: paths.allResource, element: <Navigate to={paths.myBook} replace /> },
  page(paths.myBook, '我的教材', comingSoon),
  page(paths.myDigitalBook, '我的数字教材', comingSoon),
  { path: paths.myResource, element: <Navigate to={paths.resource} replace /> },
  page(paths.resource, '我的资源', comingSoon),
  page(paths.loginRegistration, '登录注册', comingSoon),
  page(paths.about, '平台介绍', comingSoon),
  page(paths.copyRight, '版权声明', comingSoon),
  page(paths.zjhAuth, '之江汇授权', comingSoon),
];

export const bareRoutes: RouteObject[] = [
  page(paths.preview, '在线阅读', comingSoon),
  page(paths.ossPreview, '文件预览', comingSoon),
  page(paths.mobileLogin, '登录', comingSoon),
  page(paths.mobilePerview, '预览', comingSoon),
];

const m = paths.mobile;
export const mobileRoutes: RouteObject[] = [
  { path: m.root, element: <Navigate to={m.home} replace /> },
  page(m.home, '首页', comingSoon),
  page(m.login, '登录', comingSoon),
  page(m.register, '注册', comingSoon),
  page(m.forget, '忘记密码', comingSoon),
  page(m.phoneLogin, '短信登录', comingSoon),
  page(m.textbook, '教材书城', comingSoon),
  page(m.bind, '绑定账号', comingSoon),
  page(m.selectIdentity, '选择身份', comingSoon),
  page(m.zjhAuth, '之江汇授权', comingSoon),
  page(m.improveInformation, '完善信息', comingSoon),
  page(m.downloadZone, '下载专区', comingSoon),
  page(m.browse, '浏览', comingSoon),
  page(m.browseBook, '浏览教材', comingSoon),
  page(m.activation, '激活教材', comingSoon),
  page(m.prize, '有奖活动', comingSoon),
  page(m.bindChoice, '绑定方式', comingSoon),
  page(m.bindChoiceMf, '绑定魔方账号', comingSoon),
  page(m.bindChoiceWx, '绑定微信账号', comingSoon),
  page(m.userCenter, '个人中心', comingSoon),
  page(m.contactUs, '联系我们', comingSoon),
  page(m.course3, '课程', comingSoon),
  page(m.course4, '课程', comingSoon),
  page(m.course5, '课程', comingSoon),
  page(m.networkLearning, '网络学习', comingSoon),
  page(m.pdf, '阅读', comingSoon),
];

export function createRouter() {
  return createHashRouter([
    {
      // The shells (header/footer or bare) are chosen by the root layout from the path.
      lazy: async () => ({ Component: (await loadChunk(() => import('@/components/layouts/root-layout'))).default }),
      children: [...desktopRoutes, ...bareRoutes, ...mobileRoutes],
    },
  ]);
}
