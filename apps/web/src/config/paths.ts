/**
 * Route paths of the portal (docs/product.md §2), one table for links, redirects and the router.
 * The router works in hash mode: every path here is the part after `#`.
 */
export const paths = {
  home: '/',
  digitalBook: '/digitalBook',
  videoResource: '/videoResource',
  videoOnlineLearning: '/videoOnlineLearning',
  material: '/material',
  detail: '/detail',
  digitalResources: '/digitalResources',
  syncMaterial: '/digitalResources/syncMaterial',
  paperCenter: '/digitalResources/paperCenter',
  cloudBase: '/digitalResources/cloudBase',
  /** A paper of the paper centre: `?id=`. */
  paperDetail: '/digitalResources/paperCenter/paper',
  /** Print view (bare, print CSS) of a paper `?id=` or of an own composed paper `?mine=`; `answers=1`. */
  paperPrint: '/digitalResources/paperCenter/print',
  help: '/help',
  wisdomTeaching: '/WisdomTeaching',
  teachersTraining: '/teachersTraining',
  /** A training course `?id=` (docs/training.md). */
  teachersTrainingCourse: '/teachersTraining/course',
  /** 我的研修 and 研修档案 (`?tab=archive`). */
  teachersTrainingMine: '/teachersTraining/mine',
  /** Public certificate verification `?code=`. */
  teachersTrainingVerify: '/teachersTraining/verify',
  smartPublishing: '/smartPublishing',
  /** One 出版动态 announcement: `?id=`. */
  publishingNews: '/smartPublishing/news',
  bigData: '/bigData',
  /** 运营管理后台 (desktop only, bare shell, its own lazy layout; docs/console.md). */
  admin: '/admin',
  adminUsers: '/admin/users',
  adminCodes: '/admin/codes',
  adminAudit: '/admin/audit',
  user: '/user',
  userAvatar: '/user/avatar',
  userPassword: '/user/password',
  userBindings: '/user/bindings',
  /** 浏览记录 in the user centre (the H5 page is `mobile.history`). */
  userHistory: '/user/history',
  /** 我的笔记 in the user centre: marks across books, `?keyword&textbookId&kind&page` (docs/reader.md). */
  userNotes: '/user/notes',
  allResource: '/allResource',
  myBook: '/myBook',
  myDigitalBook: '/myDigitalBook',
  myResource: '/myResource',
  resource: '/resource',
  loginRegistration: '/loginRegistration',
  /** Desktop bind screen of an unbound third-party login: `?provider=wechat|educube&redirect=`. */
  bindAccount: '/bindAccount',
  preview: '/preview',
  ossPreview: '/ossPreview',
  about: '/about',
  copyRight: '/copyRight',
  /** 《用户服务协议》 and 《隐私政策》 (docs/privacy.md). */
  terms: '/terms',
  privacy: '/privacy',
  /** A pupil under 14: the guardian step; a guardian: the 监护人 page (docs/privacy.md, Guardians). */
  guardianConsent: '/guardian-consent',
  guardian: '/guardian',
  /** The reading activity (docs/prize.md): `?activityCode=`; the activity banner links here. */
  activity: '/activity',
  zjhAuth: '/zjhAuth',
  /** 在线客服 agent desk (roles admin, support; docs/chat.md). */
  adminChat: '/admin/chat',
  /** Operator console, content sections (docs/console-content.md). */
  adminCatalogue: '/admin/catalogue',
  adminQuestionImport: '/admin/question-import',
  adminBanners: '/admin/banners',
  adminReview: '/admin/review',
  adminActivities: '/admin/activities',
  /** Operator console: 研修课程 (docs/training.md) and 出版管理 (docs/publishing.md). */
  adminTraining: '/admin/training',
  adminPublishing: '/admin/publishing',
  mobileLogin: '/mobile/login',
  mobilePerview: '/mobile/perview',
  mobile: {
    root: '/mobileH5',
    login: '/mobileH5/login',
    textbook: '/mobileH5/textbook',
    register: '/mobileH5/register',
    forget: '/mobileH5/forget',
    phoneLogin: '/mobileH5/phoneLogin',
    bind: '/mobileH5/bind',
    selectIdentity: '/mobileH5/selectIdentity',
    zjhAuth: '/mobileH5/zjhAuth',
    improveInformation: '/mobileH5/improveInformation',
    downloadZone: '/mobileH5/downloadZone',
    browse: '/mobileH5/browse',
    history: '/mobileH5/history',
    /** 我的笔记 on the phone: `?keyword&kind` (docs/reader.md). */
    notes: '/mobileH5/notes',
    browseBook: '/mobileH5/browseBook',
    activation: '/mobileH5/activation',
    home: '/mobileH5/home',
    prize: '/mobileH5/prize',
    bindChoice: '/mobileH5/bindChoice',
    bindChoiceMf: '/mobileH5/bindChoiceMf',
    bindChoiceWx: '/mobileH5/bindChoiceWx',
    userCenter: '/mobileH5/userCenter',
    /** 加入班级 on the phone: `?code=` (the class QR code leads here). */
    joinClass: '/mobileH5/joinClass',
    /** 我的作业 on the phone. */
    homework: '/mobileH5/homework',
    /** Answering one assignment on the phone: `?id=`. */
    homeworkAnswer: '/mobileH5/homework/answer',
    /** 错题本 on the phone. */
    wrongBook: '/mobileH5/wrongBook',
    /** 联系我们: service hours, hotline, mailbox. */
    contactUs: '/mobileH5/contactUs',
    /** The H5 home's course lists: 小学 (course3), 初中 (course4) and 高中 (course5) lessons; `?subjectId=`. */
    course3: '/mobileH5/course3',
    course4: '/mobileH5/course4',
    course5: '/mobileH5/course5',
    networkLearning: '/mobileH5/networkLearning',
    pdf: '/mobileH5/pdf',
    /** 《用户服务协议》 and 《隐私政策》 on the phone. */
    terms: '/mobileH5/terms',
    privacy: '/mobileH5/privacy',
    guardianConsent: '/mobileH5/guardian-consent',
    guardian: '/mobileH5/guardian',
  },
} as const;

/** `/loginRegistration?loginStep=1|0&redirect=…` (docs/product.md §2). */
export function loginPath(step: 'login' | 'register' = 'login', redirect?: string): string {
  const q = new URLSearchParams({ loginStep: step === 'login' ? '1' : '0' });
  if (redirect) q.set('redirect', redirect);
  return `${paths.loginRegistration}?${q.toString()}`;
}

/** True on routes rendered without header and footer: the H5 site, the preview pages and the operator console (docs/product.md §2, Shell). */
export function isBareRoute(pathname: string): boolean {
  return (
    pathname === paths.admin ||
    pathname.startsWith(`${paths.admin}/`) ||
    pathname.startsWith('/mobileH5') ||
    pathname.startsWith('/mobile/') ||
    pathname === paths.preview ||
    pathname === paths.ossPreview ||
    pathname === paths.paperPrint
  );
}

/** True on mobile-page routes, where some error toasts are not shown (docs/product.md §8). */
export function isMobileRoute(pathname: string): boolean {
  return pathname.startsWith('/mobileH5') || pathname.startsWith('/mobile/');
}

/** The page of paper `id` in the paper centre. */
export function paperDetailPath(id: number): string {
  return `${paths.paperDetail}?id=${id}`;
}

/** The print view of a paper (`kind: 'paper'`) or of an own composed paper (`'composed'`). */
export function paperPrintPath(kind: 'paper' | 'composed', id: number, answers = false): string {
  const q = new URLSearchParams({ [kind === 'paper' ? 'id' : 'mine']: String(id) });
  if (answers) q.set('answers', '1');
  return `${paths.paperPrint}?${q.toString()}`;
}
