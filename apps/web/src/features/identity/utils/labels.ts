/**
 * Chinese names of the providers and identities, kept here as plain values so that pages do not
 * load the contract's schema module (and zod) for a label (docs/ARCHITECTURE.md, web bundle).
 * They match EXTERNAL_PROVIDER_LABELS and DECLARABLE_IDENTITY_LABELS of the contract (checked by
 * labels.test.ts).
 */
import type { DeclarableIdentity, ExternalProvider } from '@eav/contract';

export const PROVIDER_LABELS: Record<ExternalProvider, string> = {
  wechat: '微信',
  zjer: '之江汇',
  educube: '教育魔方',
};

export const IDENTITY_OPTIONS: { value: DeclarableIdentity; label: string; hint: string }[] = [
  { value: 'student', label: '学生', hint: '查看教材、完成学习任务' },
  { value: 'teacher', label: '教师', hint: '备课授课、管理教学资源' },
  { value: 'parent', label: '家长', hint: '陪伴孩子学习' },
];

/**
 * The question a binding asks the logged-in person before it is made (docs/identity.md, Binding):
 * it names the provider's account and the portal account, e.g. `将微信「小红同学」绑定到账号 demo_student？`.
 */
export function bindConfirmText(provider: ExternalProvider, externalName: string | undefined, account: string): string {
  const name = externalName?.trim() || `${PROVIDER_LABELS[provider]}用户`;
  return `将${PROVIDER_LABELS[provider]}「${name}」绑定到账号 ${account}？`;
}
