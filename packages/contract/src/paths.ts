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
  /** Operators: upload a banner picture (multipart `file`; cropped to the banner ratio, WebP). */
  adminBannerImages: '/api/v1/admin/banner-images',
  /** Operators: the display order of every banner at once (POST `{ids}`, the full ordered list). */
  adminBannersReorder: '/api/v1/admin/banners/reorder',
  /** Operators: the banner list as a file (`?format=csv|xlsx&state=`). */
  adminBannersExport: '/api/v1/admin/banners/export',
  // operator console, content (docs/console-content.md)
  /** Catalogue import jobs: start one (POST, JSON Lines as multipart `file`). */
  adminCatalogueImports: '/api/v1/admin/catalogue/imports',
  /** One import job's state (GET). */
  adminCatalogueImport: (id: string) => `/api/v1/admin/catalogue/imports/${encodeURIComponent(id)}`,
  /** One import job's progress as server-sent events (GET, `text/event-stream`). */
  adminCatalogueImportEvents: (id: string) => `/api/v1/admin/catalogue/imports/${encodeURIComponent(id)}/events`,
  /** The console's textbook list (GET, filters, sort, paging). */
  adminCatalogueTextbooks: '/api/v1/admin/catalogue/textbooks',
  /** The console's textbook list as a file (`?format=csv|xlsx` and the list's filters and sort). */
  adminCatalogueTextbooksExport: '/api/v1/admin/catalogue/textbooks/export',
  /** Edit a textbook's fields (PUT). */
  adminCatalogueTextbook: (id: string | number) => `/api/v1/admin/catalogue/textbooks/${id}`,
  /** Replace a textbook's cover (POST, multipart `file`; re-encoded to WebP). */
  adminCatalogueTextbookCover: (id: string | number) => `/api/v1/admin/catalogue/textbooks/${id}/cover`,
  /** A textbook's chapter tree for the console's editor (GET) or the whole tree to save (PUT). */
  adminCatalogueTextbookChapters: (id: string | number) => `/api/v1/admin/catalogue/textbooks/${id}/chapters`,
  /** Replace a textbook's PDF (PUT, multipart `file`; checked by its `%PDF-` header). */
  adminCatalogueTextbookPdf: (id: string | number) => `/api/v1/admin/catalogue/textbooks/${id}/pdf`,
  // prize reading activity (docs/prize.md)
  prizeActivityCurrent: '/prize/api/v1/activity/current',
  /** `?activityCode=` */
  prizeActivity: '/prize/api/v1/activity',
  prizeRecommendBooks: (code: string) => `/prize/api/v1/activity/${encodeURIComponent(code)}/recommendBook`,
  /** `?activityCode&textbookId&sessionId`; the logged-in user's own id. */
  prizeHeartbeat: (userId: string | number) => `/prize/api/v1/action/${userId}/heartbeat`,
  /** `?activityCode=` (the current activity when omitted); the logged-in user's own id. */
  prizeIntegral: (userId: string | number) => `/prize/api/v1/integral/userId/${userId}/get`,
  /** `?activityCode&userId` */
  prizeRank: '/prize/api/v1/rank/user',
  /** `?activityCode=` */
  prizeGroups: '/prize/api/v1/prizeGroup',
  /** POST `{activityCode, requestId?}` */
  prizeDraw: '/prize/api/v1/prizeGroup/draw',
  /** `?activityCode=` */
  prizeMine: '/prize/api/v1/prizeGroup/mine',
  /** Operators: list (GET) and create or update by code (POST, an activity definition). */
  adminPrizeActivities: '/api/v1/admin/prize/activities',
  /** Operators: the activity list as a file (`?format=csv|xlsx`). */
  adminPrizeActivitiesExport: '/api/v1/admin/prize/activities/export',
  /** Operators: rebuild the ranking of an activity from the database (POST). */
  adminPrizeRankingRebuild: (code: string) =>
    `/api/v1/admin/prize/activities/${encodeURIComponent(code)}/ranking/rebuild`,
  /** Operators: the draw audit of an activity (GET, newest first, `page`/`pageSize`). */
  adminPrizeDraws: (code: string) => `/api/v1/admin/prize/activities/${encodeURIComponent(code)}/draws`,
  /** Operators: live figures of an activity (GET: participants, points, draws, prizes left). */
  adminPrizeActivityStats: (code: string) => `/api/v1/admin/prize/activities/${encodeURIComponent(code)}/stats`,
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
  /** GET: the user's consent to the current 《用户服务协议》/《隐私政策》; POST `{consentVersion}`: accept it. */
  userConsent: '/api/v1/user/consent',
  /** GET: the pupil's guardian-consent state; POST `{phone,smsCode,smsTicket,consentVersion}`: the guardian consents. */
  userGuardian: '/api/v1/user/guardian',
  /** POST `{phone}`: sends a `guardian` SMS code, bound to the pupil's session, to the guardian's phone. */
  userGuardianCode: '/api/v1/user/guardian/code',
  /** POST `{phone,smsCode,smsTicket}` (purpose `guardian_access`): opens the 监护人 page; answers a short-lived token. */
  guardianAccess: '/api/v1/pub/guardian/access',
  /** POST `{token}`: the data summary of each pupil whose recorded guardian phone is the token's. */
  guardianPupils: '/api/v1/pub/guardian/pupils',
  /** POST `{token,userId}`: the guardian erases one of those pupils' accounts. */
  guardianErasure: '/api/v1/pub/guardian/erasure',
  uploadFile: '/api/v1/files/uploadFile',
  uploadFileV2: '/api/v2/files/uploadFile',
  userAvatar: (userId: string | number) => `/api/v1/users/${userId}/avatars`,
  permission: (userId: string | number, platformCode: string) => `/api/v1/users/${userId}/${platformCode}`,
  adminUserStatus: (userId: string | number) => `/api/v1/admin/users/${userId}/status`,
  adminUserPlatforms: (userId: string | number) => `/api/v1/admin/users/${userId}/platforms`,
  // third-party login and binding (docs/identity.md)
  wxAuthUrl: '/api/v1/pub/wx/auth/buildAuthUrl',
  wechatH5Login: '/api/v1/pub/login/wechat/h5',
  /** POST `{code}`: exchanges a one-time login code of this browser's WeChat flow for a session. */
  loginExchange: '/api/v1/pub/login/exchange',
  userBind: '/api/v1/users/bind',
  bindTicketProfile: '/api/v1/pub/bind/profile',
  zjerLoginUrl: '/api/v1/pub/zjer/login',
  zjerMobileLoginUrl: '/api/v1/pub/zjer/mobile/login',
  zjerLogin: '/api/v1/pub/login/zjer',
  zjerUser: '/api/v1/pub/zjer/user',
  zjerBinding: '/api/v1/zjer/binding',
  educubeRedirectUrl: '/api/v1/pub/educube/redirect-url',
  educubeLogin: '/api/v1/pub/educube/login',
  educubeBinding: '/api/v1/educube/binding',
  userBindings: (userId: string | number) => `/api/v1/users/${userId}/bindings`,
  userBinding: (userId: string | number, provider: string) => `/api/v1/users/${userId}/bindings/${provider}`,
  userIdentity: (userId: string | number) => `/api/v1/users/${userId}/identity`,
  classServerKey: (userId: string | number) => `/api/v1/users/${userId}/classServer/key`,
  // textbooks
  textbooks: '/api/v1/textbooks',
  textbookFacets: '/api/v1/textbooks/facets',
  textbook: (id: string | number) => `/api/v1/textbooks/${id}`,
  textbookActivation: '/api/v1/textbooks/activation',
  textbookRead: (id: string | number) => `/api/v1/textbooks/${id}/read`,
  textbookProgress: (id: string | number) => `/api/v1/textbooks/${id}/progress`,
  textbookVideos: (id: string | number) => `/api/v1/textbooks/${id}/videos`,
  userTextbooks: (userId: string | number) => `/api/v1/users/${userId}/textbooks`,
  /** GET `?since`: the caller's marks (书签, 划线, 笔记) in a book, for the reader and its sync (docs/reader.md). */
  textbookMarks: (id: string | number) => `/api/v1/textbooks/${id}/marks`,
  /** GET, PUT (create or update under the client's id) and DELETE (tombstone) one of the caller's marks. */
  textbookMark: (id: string | number, markId: string) => `/api/v1/textbooks/${id}/marks/${markId}`,
  /** 我的笔记: GET `?keyword&textbookId&kind&page&pageSize`, the owner's marks across books. Owner only. */
  userMarks: (userId: string | number) => `/api/v1/users/${userId}/marks`,
  /** 我的笔记 as a file: GET `?format=md|docx` and the list's filters. Owner only. */
  userMarksExport: (userId: string | number) => `/api/v1/users/${userId}/marks/export`,
  /** GET: the user's 浏览记录, newest first (paged); DELETE: clears it. Owner only. */
  userHistory: (userId: string | number) => `/api/v1/users/${userId}/history`,
  videos: '/api/v1/videos',
  video: (id: string | number) => `/api/v1/videos/${id}`,
  videoPlay: (id: string | number) => `/api/v1/videos/${id}/play`,
  /** Create activation codes of a book (id or externalId); administrators only. */
  adminTextbookCodes: (id: string | number) => `/api/v1/admin/textbooks/${encodeURIComponent(String(id))}/codes`,
  // digital resources (docs/resources.md)
  resourceSearch: '/api/v1/downloadResource/search/web',
  resourceFacets: '/api/v1/downloadResource/facets',
  resourceChapterCounts: '/api/v1/downloadResource/chapters',
  resourceNearest: '/api/v1/downloadResource/nearest',
  /** Teacher upload (multipart; role teacher). */
  resourceUpload: '/api/v1/downloadResource/upload',
  resource: (id: string | number) => `/api/v1/downloadResource/${id}`,
  resourceUrl: (id: string | number) => `/api/v1/downloadResource/${id}/url`,
  resourceStatistic: (id: string | number) => `/api/v1/downloadResource/${id}/statistic`,
  resourceStatistics: (id: string | number) => `/api/v1/resource/${id}/statistics`,
  userResourceDownloads: (userId: string | number) => `/api/v1/users/${userId}/resource-downloads`,
  userResourceFavorites: (userId: string | number) => `/api/v1/users/${userId}/resource-favorites`,
  userResourceFavorite: (userId: string | number, resourceId: string | number) =>
    `/api/v1/users/${userId}/resource-favorites/${resourceId}`,
  userResourceUploads: (userId: string | number) => `/api/v1/users/${userId}/resource-uploads`,
  /** Delete an own upload that is not published. */
  userResourceUpload: (userId: string | number, resourceId: string | number) =>
    `/api/v1/users/${userId}/resource-uploads/${resourceId}`,
  /** Operators' review list (`?status=pending`). */
  adminResources: '/api/v1/admin/resources',
  /** The review queue as a file (`?format=csv|xlsx&status=`). */
  adminResourcesExport: '/api/v1/admin/resources/export',
  /** 大数据中心: public figures (small counts withheld). */
  bigDataOverview: '/api/v1/bigdata/overview',
  /** 大数据中心 for operators: the same figures without withholding. */
  adminBigDataOverview: '/api/v1/admin/bigdata/overview',
  adminResourceReview: (id: string | number) => `/api/v1/admin/resources/${id}/review`,
  /** Generated SVG cover (outside /api: not signed, cacheable). */
  textbookCoverSvg: (id: string | number) => `/covers/${id}.svg`,
  // question bank, papers, knowledge points, chapter trees (docs/question-bank.md)
  questions: '/api/v1/questions',
  questionFacets: '/api/v1/questions/facets',
  question: (id: string | number) => `/api/v1/questions/${id}`,
  papers: '/api/v1/papers',
  paperFacets: '/api/v1/papers/facets',
  paper: (id: string | number) => `/api/v1/papers/${id}`,
  /** `?format=docx|pdf&answers=true|false`; login required; answers the file. */
  paperExport: (id: string | number) => `/api/v1/papers/${id}/export`,
  knowledgePoints: '/api/v1/knowledge-points',
  textbookChapters: (id: string | number) => `/api/v1/textbooks/${id}/chapters`,
  textbooksWithChapters: '/api/v1/textbooks/with-chapters',
  userBasket: (userId: string | number) => `/api/v1/users/${userId}/basket`,
  userBasketItem: (userId: string | number, questionId: string | number) =>
    `/api/v1/users/${userId}/basket/${questionId}`,
  userPapers: (userId: string | number) => `/api/v1/users/${userId}/papers`,
  userPaper: (userId: string | number, id: string | number) => `/api/v1/users/${userId}/papers/${id}`,
  userPaperExport: (userId: string | number, id: string | number) => `/api/v1/users/${userId}/papers/${id}/export`,
  // smart teaching (docs/teaching.md)
  /** GET my classes (teacher: own; student: joined); POST create (role teacher). */
  teachingClasses: '/api/v1/teaching/classes',
  /** POST `{code}`: a student joins a class. */
  teachingJoin: '/api/v1/teaching/classes/join',
  /** GET (owner or member), PATCH (owner). */
  teachingClass: (id: string | number) => `/api/v1/teaching/classes/${id}`,
  /** POST (owner): a new join code. */
  teachingClassCode: (id: string | number) => `/api/v1/teaching/classes/${id}/code`,
  teachingClassMembers: (id: string | number) => `/api/v1/teaching/classes/${id}/members`,
  /** PATCH approve, DELETE remove (owner); DELETE by the student self = leave. */
  teachingClassMember: (id: string | number, userId: string | number) =>
    `/api/v1/teaching/classes/${id}/members/${userId}`,
  /** GET (owner: all; member: published), POST create (owner). */
  teachingClassAssignments: (id: string | number) => `/api/v1/teaching/classes/${id}/assignments`,
  teachingClassReport: (id: string | number) => `/api/v1/teaching/classes/${id}/report`,
  /** The class report as an .xlsx file (owner). */
  teachingClassReportExport: (id: string | number) => `/api/v1/teaching/classes/${id}/report/export`,
  /** GET (owner or member), PATCH and DELETE (owner). */
  teachingAssignment: (id: string | number) => `/api/v1/teaching/assignments/${id}`,
  teachingAssignmentSubmissions: (id: string | number) => `/api/v1/teaching/assignments/${id}/submissions`,
  teachingAssignmentReport: (id: string | number) => `/api/v1/teaching/assignments/${id}/report`,
  /** The caller's own work on an assignment (member). */
  teachingWork: (id: string | number) => `/api/v1/teaching/assignments/${id}/submission`,
  teachingWorkAnswers: (id: string | number) => `/api/v1/teaching/assignments/${id}/submission/answers`,
  teachingWorkImages: (id: string | number) => `/api/v1/teaching/assignments/${id}/submission/images`,
  teachingWorkReading: (id: string | number) => `/api/v1/teaching/assignments/${id}/submission/reading`,
  teachingWorkSubmit: (id: string | number) => `/api/v1/teaching/assignments/${id}/submission/submit`,
  /** Teacher: submitted work with open answers to grade. */
  teachingGradingQueue: '/api/v1/teaching/grading-queue',
  teachingSubmission: (id: string | number) => `/api/v1/teaching/submissions/${id}`,
  teachingSubmissionGrade: (id: string | number, itemId: string | number) =>
    `/api/v1/teaching/submissions/${id}/answers/${itemId}/grade`,
  teachingSubmissionReturn: (id: string | number) => `/api/v1/teaching/submissions/${id}/return`,
  /** 我的作业 across the student's classes (`?tab=todo|submitted|graded&classId`). */
  userTeachingAssignments: (userId: string | number) => `/api/v1/users/${userId}/teaching/assignments`,
  /** 错题本 (`?subjectId&mastered&page&pageSize`). */
  userWrongQuestions: (userId: string | number) => `/api/v1/users/${userId}/wrong-questions`,
  /** PATCH `{mastered}`, DELETE. */
  userWrongQuestion: (userId: string | number, id: string | number) => `/api/v1/users/${userId}/wrong-questions/${id}`,
  userWrongQuestionRetry: (userId: string | number, id: string | number) =>
    `/api/v1/users/${userId}/wrong-questions/${id}/retry`,
  /** `?kind=questions|papers|knowledge-points|chapters`, body: the JSON Lines file (administrators). */
  /** The console's question-bank import jobs (`?kind=…`, JSON Lines as multipart `file`; docs/console-content.md). */
  adminQuestionBankImports: '/api/v1/admin/question-bank/imports',
  /** One question-bank import job's state (GET). */
  adminQuestionBankImportJob: (id: string) => `/api/v1/admin/question-bank/imports/${encodeURIComponent(id)}`,
  /** One question-bank import job's progress as server-sent events (GET, `text/event-stream`). */
  adminQuestionBankImportEvents: (id: string) => `/api/v1/admin/question-bank/imports/${encodeURIComponent(id)}/events`,
  // 智慧出版 (docs/publishing.md)
  /** The showcase: 数字教材, 音像教材, 融合出版物 from the catalogue. */
  publishingShowcase: '/api/v1/publishing/showcase',
  /** 出版动态, published only, newest first (`?page&pageSize`). */
  publishingAnnouncements: '/api/v1/publishing/announcements',
  publishingAnnouncement: (id: string | number) => `/api/v1/publishing/announcements/${id}`,
  /** A textbook's printings and errata. */
  publishingTextbook: (id: string | number) => `/api/v1/publishing/textbooks/${id}`,
  /** The errata of one PDF page of a textbook. */
  publishingPageErrata: (id: string | number, page: string | number) =>
    `/api/v1/publishing/textbooks/${id}/pages/${page}/errata`,
  /** Operators: every announcement, drafts too (GET, `?page&pageSize`), and create (POST). */
  adminPublishingAnnouncements: '/api/v1/admin/publishing/announcements',
  /** Operators: edit, publish or unpublish (PUT). */
  adminPublishingAnnouncement: (id: string | number) => `/api/v1/admin/publishing/announcements/${id}`,
  /** Operators: publish an erratum (POST). */
  adminPublishingErrata: '/api/v1/admin/publishing/errata',
  /** Operators: edit (PUT) or withdraw (DELETE) an erratum. */
  adminPublishingErratum: (id: string | number) => `/api/v1/admin/publishing/errata/${id}`,
  /** Operators: record a printing (POST). */
  adminPublishingPrintings: '/api/v1/admin/publishing/printings',
  /** Operators: delete a printing record (DELETE). */
  adminPublishingPrinting: (id: string | number) => `/api/v1/admin/publishing/printings/${id}`,
  // 出版管理 console section (docs/publishing.md, Console)
  /** GET `?format=`: the announcements as a file (operators). */
  adminPublishingAnnouncementsExport: '/api/v1/admin/publishing/announcements/export',
  /** GET `?textbookId&q&page&pageSize`: errata of every book with the book's title (reviewers). */
  adminPublishingErrataExport: '/api/v1/admin/publishing/errata/export',
  /** GET `?textbookId&page&pageSize`: printings with the book's title (operators). */
  adminPublishingPrintingsExport: '/api/v1/admin/publishing/printings/export',
  /** GET `?q=`: books to choose for an erratum or a printing (operators and reviewers). */
  adminPublishingTextbooks: '/api/v1/admin/publishing/textbooks',

  // 在线客服 (docs/chat.md)
  /** POST: opens or resumes the caller's conversation (bearer or `X-Chat-Visitor`); answers a WebSocket ticket. */
  chatSession: '/api/v1/chat/session',
  /** POST `{body}`: the caller sends a message in their conversation. */
  chatMessages: '/api/v1/chat/messages',
  /** The WebSocket (unsigned, not under /api): `?ticket=` from `chatSession` or `adminChatTicket`. */
  chatSocket: '/ws/chat',
  /** Agents (roles admin, support): the queue and their conversations (`?status=waiting|mine|closed|all`). */
  adminChatConversations: '/api/v1/admin/chat/conversations',
  adminChatConversation: (id: string | number) => `/api/v1/admin/chat/conversations/${id}`,
  /** POST: the agent takes the conversation. */
  adminChatClaim: (id: string | number) => `/api/v1/admin/chat/conversations/${id}/claim`,
  /** POST `{body}`: the agent answers. */
  adminChatReply: (id: string | number) => `/api/v1/admin/chat/conversations/${id}/messages`,
  /** POST: the agent closes the conversation. */
  adminChatClose: (id: string | number) => `/api/v1/admin/chat/conversations/${id}/close`,
  /** POST: a WebSocket ticket of the agent desk. */
  adminChatTicket: '/api/v1/admin/chat/ticket',
  /** GET list, POST `{text}` a canned reply. */
  adminChatCanned: '/api/v1/admin/chat/canned',
  /** DELETE a canned reply. */
  adminChatCannedItem: (id: string | number) => `/api/v1/admin/chat/canned/${id}`,
  // smart teacher training (docs/training.md)
  /** GET the course list (`?stageId&subjectId&page&pageSize`, public). */
  trainingCourses: '/api/v1/training/courses',
  /** GET a course with its modules (public; the caller's own state when logged in). */
  trainingCourse: (id: string | number) => `/api/v1/training/courses/${id}`,
  /** POST: enrol (role teacher). */
  trainingEnrol: (id: string | number) => `/api/v1/training/courses/${id}/enrolment`,
  /** GET the closing quiz without answers, POST `{answers}` an attempt (enrolled). */
  trainingQuiz: (id: string | number) => `/api/v1/training/courses/${id}/quiz`,
  /** GET signed media URLs of a lesson (enrolled). */
  trainingLessonPlay: (id: string | number) => `/api/v1/training/lessons/${id}/play`,
  /** POST `{sessionId}` while the lesson plays. */
  trainingLessonHeartbeat: (id: string | number) => `/api/v1/training/lessons/${id}/heartbeat`,
  /** GET 我的研修. */
  trainingMine: '/api/v1/training/mine',
  /** GET 研修档案 (hours per school year). */
  trainingArchive: '/api/v1/training/archive',
  /** GET 研修档案 as an .xlsx file. */
  trainingArchiveExport: '/api/v1/training/archive/export',
  /** GET the certificate as a PDF (its holder). */
  trainingCertificatePdf: (id: string | number) => `/api/v1/training/certificates/${id}/pdf`,
  /** GET `?code=`: public verification of a certificate (rate-limited). */
  trainingVerify: '/api/v1/training/certificates/verify',
  /** POST a course definition: create or update by code (administrators). */
  adminTrainingCourses: '/api/v1/admin/training/courses',
  /** POST `{reason}`: revoke a certificate by its code (administrators). */
  adminTrainingRevoke: (code: string) => `/api/v1/admin/training/certificates/${code}/revoke`,
  // 研修课程 console section (docs/training.md, Console); GET adminTrainingCourses lists them.
  /** GET `?format=&q&status`: the course list as a file. */
  adminTrainingCoursesExport: '/api/v1/admin/training/courses/export',
  /** GET one course's definition (as saved) with its enrolment count. */
  adminTrainingCourse: (id: string | number) => `/api/v1/admin/training/courses/${id}`,
  /** PUT `{published}`: publish or take down a course. */
  adminTrainingCoursePublished: (id: string | number) => `/api/v1/admin/training/courses/${id}/published`,
  /** GET a certificate by code with the holder's full name (operators). */
  adminTrainingCertificate: (code: string) => `/api/v1/admin/training/certificates/${code}`,
  // operator console (docs/console.md)
  /** Second-factor state of the session (any console role; not behind the second factor itself). */
  consoleMfa: '/api/v1/console/mfa',
  /** Starts TOTP enrolment: secret, otpauth URI and QR image (only before enrolment is confirmed). */
  consoleMfaEnrol: '/api/v1/console/mfa/enrol',
  /** Confirms enrolment with a first code; answers the 10 recovery codes once. */
  consoleMfaConfirm: '/api/v1/console/mfa/confirm',
  /** Verifies the session with a TOTP code or a recovery code. */
  consoleMfaVerify: '/api/v1/console/mfa/verify',
  /** Roles and permitted sections of the console user. */
  adminMe: '/api/v1/admin/me',
  adminOverview: '/api/v1/admin/overview',
  /** `?q=&status=&role=&sort=&order=&page=&pageSize=`; `/export?format=csv|xlsx` with the same filters. */
  adminUsers: '/api/v1/admin/users',
  adminUsersExport: '/api/v1/admin/users/export',
  adminUser: (userId: string | number) => `/api/v1/admin/users/${userId}`,
  adminUserRoles: (userId: string | number) => `/api/v1/admin/users/${userId}/roles`,
  adminUserUnlock: (userId: string | number) => `/api/v1/admin/users/${userId}/unlock`,
  adminUserSessions: (userId: string | number) => `/api/v1/admin/users/${userId}/sessions`,
  /** DELETE: resets another user's second factor (admin); they enrol again at their next console login. */
  adminUserMfa: (userId: string | number) => `/api/v1/admin/users/${userId}/mfa`,
  adminUsersBulkStatus: '/api/v1/admin/users/bulk-status',
  /** `?actor=&event=&ip=&from=&to=&page=&pageSize=`; `/export?format=` with the same filters. */
  adminAudit: '/api/v1/admin/audit',
  adminAuditExport: '/api/v1/admin/audit/export',
  /** Activation code batches: list (filters) and create (answers the file of the new codes). */
  adminCodeBatches: '/api/v1/admin/code-batches',
  adminCodeBatchesExport: '/api/v1/admin/code-batches/export',
  adminCodeBatch: (id: string | number) => `/api/v1/admin/code-batches/${id}`,
  /** The codes of a batch (hash-only: status, redeemer, time), `?status=&page=`. */
  adminCodeBatchCodes: (id: string | number) => `/api/v1/admin/code-batches/${id}/codes`,
  adminCodeBatchCodesExport: (id: string | number) => `/api/v1/admin/code-batches/${id}/codes/export`,
  adminCodeBatchVoid: (id: string | number) => `/api/v1/admin/code-batches/${id}/void`,
  // tests only (TEST_CLOCK=on, never in production; docs/api.md, Configuration)
  /** Moves the server's business clock forward (POST `{advanceMs}`; 0 reads it). */
  testClock: '/api/v1/test/clock',
} as const;
