/**
 * The one login-then-bind flow of the bind screens (docs/identity.md, Binding), shared by the H5
 * screens (bindChoice*, antd-mobile) and the desktop /bindAccount (antd): each passes its own dialog
 * and toast. After a login or registration the user is stored, the person is asked to confirm the
 * binding (naming the provider's account and the portal account), the pending identity is bound
 * with the new token on yes, and the login completes towards `next`. No, or a failed binding, leaves
 * the person logged in and unbound, saying why (e.g. this account already has a WeChat bound).
 */
import type { LoginData } from '@eav/contract';
import { useCallback, type ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { bindIdentity } from '@/features/identity/api/bind-identity';
import { bindConfirmText, PROVIDER_LABELS } from '@/features/identity/utils/labels';
import { clearPending, type PendingBinding } from '@/features/identity/utils/pending-binding';

/** The UI a bind screen lends the flow. */
export interface BindPrompts {
  /** Asks the question; true on 确认绑定. */
  confirm: (content: ReactNode) => Promise<boolean>;
  /** A short notice; `long` for one that must stay longer (a failure with its reason). */
  notify: (text: string, long?: boolean) => void;
}

/** `(data, next) => …` for the forms' `onSuccess`; `fallback` is the site's home. */
export function useLoginThenBind(
  pending: PendingBinding | null,
  externalName: string | undefined,
  prompts: BindPrompts,
  fallback: string,
) {
  const completeLogin = useCompleteLogin(fallback);
  const { confirm, notify } = prompts;
  return useCallback(
    async (data: LoginData, next: string) => {
      useSession.getState().setUser({ ...data });
      const confirmed =
        !!pending &&
        (await confirm(
          <span data-testid="bind-confirm">{bindConfirmText(pending.provider, externalName, data.userName)}</span>,
        ));
      if (pending && !confirmed) {
        clearPending(pending.provider);
        notify('已登录，未绑定第三方账号');
      }
      if (pending && confirmed) {
        try {
          await bindIdentity(pending);
          clearPending(pending.provider);
          notify(`${PROVIDER_LABELS[pending.provider]}账号绑定成功`);
        } catch (e) {
          if (e instanceof ApiError && e.code === 'OAUTH.INVALID') clearPending(pending.provider);
          notify(`已登录，但绑定未完成：${e instanceof ApiError ? e.msg : '请稍后在个人中心重试'}`, true);
        }
      }
      await completeLogin(data, next);
    },
    [pending, externalName, confirm, notify, completeLogin],
  );
}
