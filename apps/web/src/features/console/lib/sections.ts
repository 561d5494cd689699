/**
 * The console's side menu as one data table (docs/console.md): each section's path, label and icon,
 * keyed like `CONSOLE_SECTIONS` of the contract (which says which roles open it). A new section is
 * one line here and one in the contract, plus its route.
 */
import { CONSOLE_SECTIONS } from '@eav/contract';
import { paths } from '@/config/paths';

export interface ConsoleMenuEntry {
  key: string;
  label: string;
  path: string;
  /** Name of the @ant-design/icons icon (mapped in the menu component). */
  icon:
    | 'dashboard'
    | 'team'
    | 'key'
    | 'audit'
    | 'book'
    | 'import'
    | 'picture'
    | 'gift'
    | 'check'
    | 'message'
    | 'read'
    | 'file';
}

const PATHS: Record<string, Pick<ConsoleMenuEntry, 'path' | 'icon'>> = {
  overview: { path: paths.admin, icon: 'dashboard' },
  users: { path: paths.adminUsers, icon: 'team' },
  codes: { path: paths.adminCodes, icon: 'key' },
  audit: { path: paths.adminAudit, icon: 'audit' },
  catalogue: { path: paths.adminCatalogue, icon: 'book' },
  'question-import': { path: paths.adminQuestionImport, icon: 'import' },
  banners: { path: paths.adminBanners, icon: 'picture' },
  activities: { path: paths.adminActivities, icon: 'gift' },
  review: { path: paths.adminReview, icon: 'check' },
  chat: { path: paths.adminChat, icon: 'message' },
  training: { path: paths.adminTraining, icon: 'read' },
  publishing: { path: paths.adminPublishing, icon: 'file' },
};

/** The menu entries among `allowed` section keys, in the contract's order. */
export function consoleMenu(allowed: readonly string[]): ConsoleMenuEntry[] {
  return CONSOLE_SECTIONS.filter((s) => allowed.includes(s.key) && PATHS[s.key]).map((s) => ({
    key: s.key,
    label: s.label,
    ...PATHS[s.key]!,
  }));
}

/** The section a console path belongs to (the longest matching path), or undefined. */
export function sectionOfPath(pathname: string): ConsoleMenuEntry | undefined {
  const all = consoleMenu(CONSOLE_SECTIONS.map((s) => s.key));
  return all
    .filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** Labels of the action names stored in the audit log. */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  login: '登录',
  login_failed: '登录失败',
  lock: '账号锁定',
  logout: '退出登录',
  register: '注册',
  consent: '同意用户协议与隐私政策',
  guardian_consent: '监护人同意',
  guardian_access: '监护人验证身份',
  guardian_view: '监护人查看账号信息',
  guardian_erasure: '监护人删除账号',
  password_change: '修改密码',
  password_reset: '重置密码',
  cancel: '注销账号',
  sms_send: '发送短信',
  admin_status: '停用/启用账号',
  admin_platform: '开通平台',
  bind: '绑定第三方账号',
  unbind: '解绑第三方账号',
  identity_select: '选择身份',
  class_server_key: '班级服务密钥',
  console_mfa_enrol: '绑定动态验证码',
  console_mfa_verify: '动态验证码验证',
  console_user_status: '批量停用/启用',
  console_user_roles: '设置后台角色',
  console_user_unlock: '解除锁定',
  console_user_sessions: '结束会话',
  console_code_batch: '生成激活码批次',
  console_code_batch_void: '作废激活码批次',
  training_course_save: '保存研修课程',
  training_course_publish: '发布/下架研修课程',
  training_certificate_revoke: '撤销结业证书',
  publishing_announcement_create: '新建出版动态',
  publishing_announcement_update: '编辑出版动态',
  publishing_announcement_delete: '删除出版动态',
  publishing_erratum_create: '发布勘误',
  publishing_erratum_update: '修改勘误',
  publishing_erratum_delete: '撤回勘误',
  publishing_printing_create: '登记印次',
  publishing_printing_update: '修改印次',
  publishing_printing_delete: '删除印次',
  catalogue_import: '导入教材目录',
  question_bank_import: '导入题库',
  textbook_update: '编辑教材',
  textbook_cover: '上传封面',
  textbook_chapters: '编辑章节目录',
  textbook_pdf: '上传教材 PDF',
  banner_create: '新建轮播图',
  banner_update: '编辑轮播图',
  banner_delete: '删除轮播图',
  banner_image: '上传轮播图图片',
  resource_review: '审核资源',
  activity_save: '保存活动',
  console_mfa_reset: '重置二次验证',
  console_export: '导出表格',
  banner_reorder: '调整轮播图顺序',
};
