/**
 * What the desktop and H5 activation pages say after a successful call: a new activation, the same
 * code typed again by the user who redeemed it, or a code for a book the user already owned (left
 * unused). One wording for both sites.
 */
import type { ActivationResult } from '@eav/contract';

export interface ActivationOutcome {
  title: string;
  detail: string;
}

export function activationOutcome(
  result: Pick<ActivationResult, 'textbook' | 'alreadyOwned' | 'alreadyRedeemed'>,
): ActivationOutcome {
  const book = `《${result.textbook.title}》`;
  if (result.alreadyRedeemed) return { title: '该激活码已激活', detail: `${book}已在“我的教材”中` };
  if (result.alreadyOwned) return { title: '您已拥有这本教材', detail: `${book}已在“我的教材”中，本次激活码未被使用` };
  return { title: '激活成功', detail: `${book}已加入“我的教材”` };
}
