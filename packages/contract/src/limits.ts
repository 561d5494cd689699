/**
 * Shared limits (lengths, sizes, counts) used by web forms and server validation alike, so that
 * the browser refuses exactly what the server would.
 */
export const LIMITS = {
  phone: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的 11 位手机号' },
  userName: {
    min: 2,
    max: 20,
    pattern: /^[\p{Script=Han}A-Za-z0-9_]+$/u,
    message: '用户名为 2-20 位中文、字母、数字或下划线',
  },
  password: { min: 8, max: 64, message: '密码长度为 8-64 位，且须同时包含字母和数字' },
  realName: { max: 20 },
  school: { max: 50 },
  region: { max: 50 },
  smsCode: { length: 6 },
  /**
   * A student's birth year at registration (docs/privacy.md, Guardians): from `min` to the current
   * Beijing year less `minAge` (the youngest pupils of 小学 are 6; 3 leaves room for pre-school).
   */
  birthYear: { min: 1940, minAge: 3, message: '请选择正确的出生年份' },
  /** Seconds a guardian's verified access to the 监护人 page lasts. */
  guardianAccessTtlSeconds: 1800,
  /** Seconds before the same phone may be sent another SMS code (the send button's countdown). */
  smsResendSeconds: 60,
  /** Seconds an SMS code or an image captcha stays valid. */
  smsCodeTtlSeconds: 300,
  captchaTtlSeconds: 300,
  captchaCode: { length: 4 },
  captchaKey: { min: 8, max: 64 },
  keyword: { max: 50 },
  /**
   * Rate limits of the account calls (docs/accounts.md, Rate limits). Each is keyed by what an
   * attacker must spend (an account, a phone, a captcha, a session); the per-address figures are
   * only flood ceilings, sized so that a class of 50 behind one school address passes at once.
   * Windows in ms.
   */
  accountRates: {
    /** Requests per client address and minute: login and captcha images each (50 pupils × a few tries). */
    addressLoginPerMinute: 600,
    /** Requests per client address and minute: SMS sends, phone checks, register and reset each. */
    addressSmsPerMinute: 200,
    /** SMS sends per client address and hour, across phones (a school's SMS logins in an hour). */
    addressSmsPerHour: 300,
    /** Images per captcha key and minute (a key is the client's own random value). */
    captchaKeyPerMinute: 10,
    /** Phone checks per phone and minute. */
    phoneCheckPerMinute: 5,
    /** SMS sends per phone whatever the source (the SMS vendors' defaults); the minute is per purpose. */
    smsPerPhone: { perMinute: 1, perHour: 5, perDay: 10 },
    /** Wrong SMS codes per phone, without a valid flow ticket, before such checks are locked (15 min). */
    smsWrongPerPhone: 10,
    /** Console second-factor attempts per account per window; then a lock that doubles each time. */
    consoleMfaPerAccount: { max: 10, windowMs: 5 * 60_000, maxLockMs: 24 * 3600_000 },
    /** Join attempts per class and hour, across all users: twice a full class. */
    joinPerClassPerHour: 400,
  },
  activationCode: { length: 16 },
  /** Bytes of an uploaded image. */
  uploadImageBytes: 5 * 1024 * 1024,
  /** Image types accepted for uploads (checked by content on the server). */
  uploadImageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as readonly string[],
  /** Edge length of a stored avatar, px. */
  avatarSize: 256,
  /** Bytes of an uploaded resource file: documents and images, and audio/video (docs/resources.md). */
  uploadResourceBytes: { document: 50 * 1024 * 1024, media: 200 * 1024 * 1024 },
  /** Resource uploads one teacher may make in any 24 hours. */
  uploadResourceDaily: 30,
  /** Smart teaching (docs/teaching.md): sizes of classes, assignments and answers. */
  /** 大数据中心 (docs/big-data.md): public figures below this count are withheld, so no pupil can be singled out. */
  bigData: { suppressBelow: 5, days: 30, topBooks: 10 },
  teaching: {
    classNameMax: 40,
    titleMax: 80,
    instructionsMax: 500,
    /** Classes one teacher keeps (archived ones count). */
    classesPerTeacher: 50,
    /** Classes one student is in (pending requests count). */
    classesPerStudent: 20,
    /** Active and pending members of one class. */
    membersMax: 200,
    /** Questions of one homework assignment. */
    itemsMax: 100,
    /** Pages of one reading assignment. */
    readingPagesMax: 300,
    blankMax: 200,
    openTextMax: 5000,
    imagesPerAnswer: 3,
    commentMax: 500,
    /** Join attempts (right or wrong codes) one user may make per hour, across all their sessions. */
    joinAttemptsPerHour: 30,
    /** Answer photos one student may upload per hour. */
    imagesPerHour: 60,
  },
  /**
   * Chapter trees (docs/api.md, Chapter trees; docs/console-content.md, Chapter tree editor): the
   * same bounds for the `import:chapters` file and the console's tree editor.
   */
  chapterTree: { nodesMax: 3000, depthMax: 8, titleMax: 200, pageMax: 100_000 },
  /**
   * Reader marks (书签, 划线, 笔记; docs/reader.md, Marks). Lengths are UTF-16 code units, as the
   * reader's page-text offsets are.
   */
  readerMarks: {
    /** Live (not deleted) marks one user keeps in one book. */
    perBook: 2000,
    /** Characters of a note's text. */
    noteMax: 2000,
    /** Characters of the quoted passage of a highlight or note. */
    quoteMax: 1000,
    /** Characters of page text kept before and after the passage, to find it again. */
    contextMax: 32,
    /** Largest character offset within a page's text. */
    offsetMax: 1_000_000,
    /** Marks one export (Markdown or DOCX of 我的笔记) may hold; more must be filtered first. */
    exportMax: 10_000,
  },
  /** Bytes of a textbook PDF uploaded in the console (streamed to disk, never held in memory). */
  textbookPdfBytes: 200 * 1024 * 1024,
  /** 在线客服 (docs/chat.md): message sizes, send rates and how long visitor conversations are kept. */
  chat: {
    /** Characters of one message (UTF-16 code units, after trimming). */
    messageMax: 500,
    /** Messages one visitor or user may send per `sendWindowSeconds`. */
    sendPerWindow: 10,
    sendWindowSeconds: 60,
    /** Messages one agent may send per `sendWindowSeconds` (several conversations at once). */
    agentSendPerWindow: 60,
    /** Characters of the page a visitor was on (shown to agents). */
    pageMax: 200,
    /** Characters of a canned reply. */
    cannedMax: 500,
    /** Canned replies kept at most. */
    cannedCount: 50,
    /** Messages returned when a conversation is opened (the latest ones). */
    historyMax: 100,
    /** Days a visitor conversation is kept after its last message; then it is deleted. */
    visitorRetentionDays: 30,
    /** Seconds a WebSocket ticket stays valid (it is single-use). */
    ticketTtlSeconds: 60,
  },
} as const;
