/**
 * API endpoint paths (docs/product.md §7 and docs/api.md). Functions build paths with ids.
 * Both the server routes and the web client read them from here.
 */
export const ApiPaths = {
  // dictionaries
  dictStage: '/api/v1/dictionary/stage',
  dictGrade: '/api/v1/dictionary/grade',
  dictSubject: '/api/v1/dictionary/subject',
  dictStageSubjects: (stageId: string | number) => `/api/v1/dictionary/stage/${stageId}/subjects`,
  dictEdition: '/api/v1/dictionary/edition',
  dictPress: '/api/v1/dictionary/download/press',
  dictVolume: '/api/v1/dictionary/volume',
  // home
  banner: '/prize/api/v1/banner',
  /** Operators' banner list and create (role `admin`). */
  adminBanners: '/api/v1/admin/banners',
  /** Operators' banner update and delete (role `admin`). */
  adminBanner: (id: string | number) => `/api/v1/admin/banners/${id}`,
  // accounts
  captcha: '/api/v1/pub/user/verificationCode',
  captchaV2: '/api/v2/pub/user/verificationCode',
  checkMobile: '/api/v1/pub/user/check/mobile',
  smsCode: '/api/v1/pub/user/mobile/code',
  smsCodeV2: '/api/v2/pub/user/mobile/code',
  register: '/api/v1/pub/user',
  login: '/api/v1/pub/login',
  logout: '/api/v1/logout',
  resetPassword: '/api/v1/pub/user/restPassword',
  cancelAccount: '/api/v1/pub/client/cancel',
  user: (userId: string | number) => `/api/v1/users/${userId}`,
  userPassword: (userId: string | number) => `/api/v1/users/${userId}/password`,
  userComplete: '/api/v1/user/complete',
  userCompleted: (userId: string | number) => `/api/v1/users/${userId}/completed`,
  userConfig: '/api/v2/userConfig',
  uploadFile: '/api/v1/files/uploadFile',
  uploadFileV2: '/api/v2/files/uploadFile',
  userAvatar: (userId: string | number) => `/api/v1/users/${userId}/avatars`,
  permission: (userId: string | number, platformCode: string) => `/api/v1/users/${userId}/${platformCode}`,
  adminUserStatus: (userId: string | number) => `/api/v1/admin/users/${userId}/status`,
  adminUserPlatforms: (userId: string | number) => `/api/v1/admin/users/${userId}/platforms`,
  // textbooks
  textbooks: '/api/v1/textbooks',
  textbookFacets: '/api/v1/textbooks/facets',
  textbook: (id: string | number) => `/api/v1/textbooks/${id}`,
  textbookActivation: '/api/v1/textbooks/activation',
  textbookRead: (id: string | number) => `/api/v1/textbooks/${id}/read`,
  textbookProgress: (id: string | number) => `/api/v1/textbooks/${id}/progress`,
  textbookVideos: (id: string | number) => `/api/v1/textbooks/${id}/videos`,
  userTextbooks: (userId: string | number) => `/api/v1/users/${userId}/textbooks`,
  videos: '/api/v1/videos',
  video: (id: string | number) => `/api/v1/videos/${id}`,
  videoPlay: (id: string | number) => `/api/v1/videos/${id}/play`,
  adminTextbookImport: '/api/v1/admin/textbooks/import',
  /** Create activation codes of a book (id or externalId); administrators only. */
  adminTextbookCodes: (id: string | number) => `/api/v1/admin/textbooks/${encodeURIComponent(String(id))}/codes`,
  /** Generated SVG cover (outside /api: not signed, cacheable). */
  textbookCoverSvg: (id: string | number) => `/covers/${id}.svg`,
} as const;
