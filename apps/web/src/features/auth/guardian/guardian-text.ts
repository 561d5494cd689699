/**
 * What the guardian pages say, shared by desktop and H5 (no UI library here): the audit events as
 * a guardian reads them, and the consent text the guardian ticks (docs/privacy.md, Guardians).
 */
import { beijingDateTime } from '@/lib/beijing-format';

/** The consent the guardian ticks. */
export const GUARDIAN_CONSENT_TEXT =
  '我是该学生的监护人，已阅读《隐私政策》中关于未满十四周岁儿童个人信息的规则，同意平台按其处理孩子的个人信息';

/** Why the account is browse-only, in the pupil's words. */
export const GUARDIAN_WHY =
  '根据《个人信息保护法》，未满 14 周岁学生的个人信息须经监护人同意后才能处理。在监护人同意前，你可以浏览教材和资源，但不能激活教材、参加活动、提交作业、上传或修改资料。';

const EVENT_LABELS: Record<string, string> = {
  register: '注册账号',
  login: '登录',
  login_failed: '登录失败',
  logout: '退出登录',
  lock: '账号临时锁定',
  password_change: '修改密码',
  password_reset: '重置密码',
  consent: '同意用户协议与隐私政策',
  sms_send: '发送短信验证码',
  guardian_consent: '监护人同意',
  guardian_view: '监护人查看',
  bind: '绑定第三方账号',
  unbind: '解绑第三方账号',
  identity_select: '选择身份',
};

/** An audit event as the guardian page shows it. */
export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? '其他操作';
}

/** An ISO time as Beijing date and time. */
export const guardianTime = (iso: string | null) => beijingDateTime(iso);
