/**
 * The route table (docs/product.md §2), hash mode. Every route's page is a lazy chunk loaded through
 * `loadChunk` (120 s time-out, one retry). `handle.title` names the page; `handle.menu` is the
 * header entry it highlights (see components/layouts/menu.ts).
 */
import { createHashRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { isMobileDevice } from '@/lib/device';
import { loadChunk } from '@/lib/lazy';
import { mobileCounterpart } from './mobile-links';
import { RouteErrorBoundary } from '@/components/errors/route-error';
import { AppLoading } from '@/components/ui/app-loading';

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

/** On a phone, a desktop link with an H5 counterpart goes there with the same item and filters (docs/mobile.md). */
const toH5 = {
  loader: ({ request }: { request: Request }) => {
    if (!isMobileDevice()) return null;
    const url = new URL(request.url);
    const to = mobileCounterpart(url.pathname, url.search);
    return to ? redirect(to) : null;
  },
};

export const desktopRoutes: RouteObject[] = [
  // `/` on a mobile device goes to the H5 home (docs/product.md §2).
  page(paths.home, '首页', () => import('./routes/home'), toH5),
  page(paths.digitalBook, '数字教材', () => import('./routes/digital-book'), toH5),
  page(paths.videoResource, '网络学习', () => import('./routes/video-resource')),
  page(paths.videoOnlineLearning, '在线学习', () => import('./routes/video-online-learning'), toH5),
  page(paths.material, '教材资源', () => import('./routes/material')),
  page(paths.detail, '教材详情', () => import('./routes/detail'), toH5),
  { path: paths.digitalResources, element: <Navigate to={paths.syncMaterial} replace /> },
  page(paths.syncMaterial, '同步资源', () => import('./routes/sync-material')),
  page(paths.paperCenter, '试卷中心', () => import('./routes/paper-center')),
  page(paths.paperDetail, '试卷详情', () => import('./routes/paper-detail')),
  page(paths.cloudBase, '云题库', () => import('./routes/cloud-base')),
  page(paths.help, '帮助中心', () => import('./routes/help')),
  page(paths.wisdomTeaching, '智慧教学', () => import('./routes/wisdom-teaching')),
  page(paths.smartPublishing, '智慧出版', () => import('./routes/smart-publishing')),
  page(paths.publishingNews, '出版动态', () => import('./routes/publishing-news')),
  page(paths.teachersTraining, '智慧研修', () => import('./routes/teachers-training')),
  page(paths.teachersTrainingCourse, '研修课程', () => import('./routes/teachers-training-course')),
  page(paths.teachersTrainingMine, '我的研修', () => import('./routes/teachers-training-mine')),
  page(paths.teachersTrainingVerify, '结业证书验证', () => import('./routes/teachers-training-verify')),
  page(paths.bigData, '大数据中心', () => import('./routes/big-data')),
  // User centre: a login-guarded layout with a side menu around its three pages (docs/product.md §2, §6).
  {
    lazy: async () => ({ Component: (await loadChunk(() => import('./routes/user/layout'))).default }),
    children: [
      page(paths.user, '个人中心', () => import('./routes/user/profile'), toH5),
      page(paths.userAvatar, '修改头像', () => import('./routes/user/avatar'), toH5),
      page(paths.userPassword, '修改密码', () => import('./routes/user/password'), toH5),
      page(paths.userBindings, '账号绑定', () => import('./routes/user/bindings'), toH5),
      page(paths.userHistory, '浏览记录', () => import('./routes/user/history'), toH5),
      page(paths.userNotes, '我的笔记', () => import('./routes/user/notes'), toH5),
    ],
  },
  { path: paths.allResource, element: <Navigate to={paths.myBook} replace /> },
  page(paths.myBook, '我的教材', () => import('./routes/my-book'), toH5),
  page(paths.myDigitalBook, '我的数字教材', () => import('./routes/my-digital-book'), toH5),
  { path: paths.myResource, element: <Navigate to={paths.resource} replace /> },
  page(paths.resource, '我的资源', () => import('./routes/my-resource')),
  // A phone gets the H5 login, returning to an H5 page (docs/mobile.md).
  page(paths.loginRegistration, '登录注册', () => import('./routes/login-registration'), toH5),
  page(paths.bindAccount, '绑定账号', () => import('./routes/bind-account')),
  page(paths.about, '平台介绍', () => import('./routes/about')),
  page(paths.copyRight, '版权声明', () => import('./routes/copy-right')),
  page(paths.terms, '用户服务协议', () => import('./routes/terms')),
  page(paths.privacy, '隐私政策', () => import('./routes/privacy')),
  page(paths.guardianConsent, '监护人同意', () => import('./routes/guardian-consent')),
  page(paths.guardian, '监护人', () => import('./routes/guardian')),
  // A phone opening the desktop activity link gets the H5 activity page with the same code (docs/prize.md).
  page(paths.activity, '有奖阅读', () => import('./routes/activity'), toH5),
  page(paths.zjhAuth, '之江汇授权', () => import('./routes/zjh-auth')),
];

/** The operator console: one lazy layout (menu, second factor) around its sections (docs/console.md). */
const consoleRoutes: RouteObject = {
  path: paths.admin,
  lazy: async () => ({ Component: (await loadChunk(() => import('./routes/admin/layout'))).default }),
  children: [
    {
      index: true,
      lazy: async () => ({ Component: (await loadChunk(() => import('./routes/admin/overview'))).default }),
    },
    page(paths.adminUsers, '用户', () => import('./routes/admin/users')),
    page(paths.adminCodes, '激活码', () => import('./routes/admin/codes')),
    page(paths.adminAudit, '审计日志', () => import('./routes/admin/audit')),
    // Content sections (docs/console-content.md) and the chat desk (docs/chat.md).
    page(paths.adminCatalogue, '目录导入', () => import('./routes/admin-catalogue')),
    page(paths.adminQuestionImport, '题库导入', () => import('./routes/admin-question-import')),
    page(paths.adminBanners, '轮播图', () => import('./routes/admin-banners')),
    page(paths.adminReview, '资源审核', () => import('./routes/admin-review')),
    page(paths.adminActivities, '活动', () => import('./routes/admin-activities')),
    page(paths.adminChat, '在线客服工作台', () => import('./routes/admin-chat')),
    // 研修课程 (docs/training.md) and 出版管理 (docs/publishing.md).
    page(paths.adminTraining, '研修课程', () => import('./routes/admin/training')),
    page(paths.adminPublishing, '出版管理', () => import('./routes/admin/publishing')),
  ],
};

export const bareRoutes: RouteObject[] = [
  consoleRoutes,
  page(paths.preview, '在线阅读', () => import('./routes/preview'), toH5),
  page(paths.ossPreview, '文件预览', () => import('./routes/oss-preview')),
  page(paths.paperPrint, '打印试卷', () => import('./routes/paper-print')),
  page(paths.mobileLogin, '登录', () => import('./routes/mobile-login')),
  page(paths.mobilePerview, '预览', () => import('./routes/mobile-perview')),
];

const m = paths.mobile;
export const mobileRoutes: RouteObject[] = [
  { path: m.root, element: <Navigate to={m.home} replace /> },
  page(m.home, '首页', () => import('./routes/mobile-home')),
  page(m.login, '登录', () => import('./routes/mobile/login')),
  page(m.register, '注册', () => import('./routes/mobile/register')),
  page(m.forget, '忘记密码', () => import('./routes/mobile/forget')),
  page(m.phoneLogin, '短信登录', () => import('./routes/mobile/phone-login')),
  page(m.textbook, '教材书城', () => import('./routes/mobile/textbook')),
  page(m.bind, '绑定账号', () => import('./routes/mobile/bind')),
  page(m.selectIdentity, '选择身份', () => import('./routes/mobile/select-identity')),
  page(m.zjhAuth, '之江汇授权', () => import('./routes/mobile/zjh-auth')),
  page(m.improveInformation, '完善信息', () => import('./routes/mobile/improve-information')),
  page(m.downloadZone, '下载专区', () => import('./routes/mobile/download-zone')),
  page(m.browse, '浏览', () => import('./routes/mobile/browse')),
  page(m.browseBook, '浏览教材', () => import('./routes/mobile/browse-book')),
  page(m.history, '浏览记录', () => import('./routes/mobile/history')),
  page(m.notes, '我的笔记', () => import('./routes/mobile/notes')),
  page(m.activation, '激活教材', () => import('./routes/mobile/activation')),
  page(m.prize, '有奖活动', () => import('./routes/mobile/prize')),
  page(m.bindChoice, '绑定方式', () => import('./routes/mobile/bind-choice')),
  page(m.bindChoiceMf, '绑定魔方账号', () => import('./routes/mobile/bind-choice-mf')),
  page(m.bindChoiceWx, '绑定微信账号', () => import('./routes/mobile/bind-choice-wx')),
  page(m.userCenter, '个人中心', () => import('./routes/mobile/user-center')),
  page(m.joinClass, '加入班级', () => import('./routes/mobile/join-class')),
  page(m.homework, '我的作业', () => import('./routes/mobile/homework')),
  page(m.homeworkAnswer, '作业', () => import('./routes/mobile/homework-answer')),
  page(m.wrongBook, '错题本', () => import('./routes/mobile/wrong-book')),
  page(m.contactUs, '联系我们', () => import('./routes/mobile/contact-us')),
  page(m.terms, '用户服务协议', () => import('./routes/mobile/terms')),
  page(m.privacy, '隐私政策', () => import('./routes/mobile/privacy')),
  page(m.guardianConsent, '监护人同意', () => import('./routes/mobile/guardian-consent')),
  page(m.guardian, '监护人', () => import('./routes/mobile/guardian')),
  page(m.course3, '小学课程', () => import('./routes/mobile/course3')),
  page(m.course4, '初中课程', () => import('./routes/mobile/course4')),
  page(m.course5, '高中课程', () => import('./routes/mobile/course5')),
  page(m.networkLearning, '网络学习', () => import('./routes/mobile/network-learning')),
  page(m.pdf, '阅读', () => import('./routes/mobile/pdf')),
];

export function createRouter() {
  return createHashRouter([
    {
      // The shells (header/footer or bare) are chosen by the root layout from the path.
      lazy: async () => ({ Component: (await loadChunk(() => import('./shell'))).default }),
      HydrateFallback: AppLoading,
      // Shown alone (no shell) only when the shell itself failed to load.
      ErrorBoundary: RouteErrorBoundary,
      children: [
        {
          // Page failures (a chunk that failed after its retry, a render error) show inside the shell.
          ErrorBoundary: RouteErrorBoundary,
          children: [
            ...desktopRoutes,
            ...bareRoutes,
            ...mobileRoutes,
            page('*', '页面不存在', () => import('./routes/not-found')),
          ],
        },
      ],
    },
  ]);
}
