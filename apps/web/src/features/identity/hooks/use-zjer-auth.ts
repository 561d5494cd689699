/**
 * /zjhAuth and /mobileH5/zjhAuth (docs/identity.md, 之江汇): the page the provider sends the
 * browser back to with a CAS `ticket`. The ticket leaves the address bar at once; it is posted to
 * the 之江汇 login:
 * - a bound account logs in (`onLogin`, which stores the user and navigates);
 * - EDU.ACCOUNT_NOT_BOUND keeps the bind ticket; a logged-in visitor (who came from 账号绑定 or
 *   logged in to bind) is asked to confirm (`confirm`: the question names the 之江汇 account and the
 *   portal account; `bind` or `cancel`), anyone else is asked to log in or register first;
 * - anything else shows why (bad, used or expired ticket: the server's message).
 * Without a ticket, a logged-in visitor with a pending 之江汇 identity is asked the same question.
 * Nothing is bound without the person's yes; the server also takes the tickets only from the
 * browser that ran the 之江汇 login.
 */
import { ErrorCode, type ExternalProfile, type LoginData, type NotBoundData } from '@eav/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { bindIdentity } from '../api/bind-identity';
import { zjerLogin } from '../api/zjer-login';
import { bindConfirmText } from '../utils/labels';
import { clearPending, loadPending, savePending, type PendingBinding } from '../utils/pending-binding';

export type ZjerAuthState =
  | { status: 'working' }
  | { status: 'not-bound'; profile: ExternalProfile | undefined }
  | { status: 'confirm'; question: string; bind: () => void; cancel: () => void }
  | { status: 'bound'; name: string | undefined }
  | { status: 'error'; message: string };

/** Tickets already posted in this page's life (StrictMode runs effects twice; tickets are single-use). */
const posted = new Set<string>();

export function useZjerAuth(onLogin: (data: LoginData) => Promise<void>): ZjerAuthState {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const ticket = useRef(search.get('ticket'));
  const [state, setState] = useState<ZjerAuthState>({ status: 'working' });

  useEffect(() => {
    const t = ticket.current;
    if (search.has('ticket')) {
      const q = new URLSearchParams(search);
      q.delete('ticket');
      const s = q.toString();
      void navigate({ search: s ? `?${s}` : '' }, { replace: true });
    }

    function askToBind(): void {
      const pending = loadPending('zjer');
      if (!pending) {
        setState({ status: 'error', message: '缺少之江汇登录凭证，请重新发起之江汇登录' });
        return;
      }
      const account = useSession.getState().user?.userName ?? '';
      setState({
        status: 'confirm',
        question: bindConfirmText('zjer', pending.profile?.name, account),
        bind: () => void bind(pending),
        cancel: () => {
          clearPending('zjer');
          setState({ status: 'error', message: '已取消绑定，之江汇账号未绑定到当前账号' });
        },
      });
    }

    async function bind(pending: PendingBinding): Promise<void> {
      if (posted.has(pending.ticket)) return;
      posted.add(pending.ticket);
      setState({ status: 'working' });
      try {
        await bindIdentity(pending);
        clearPending('zjer');
        setState({ status: 'bound', name: pending.profile?.name });
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCode.OAUTH_INVALID) clearPending('zjer');
        setState({ status: 'error', message: e instanceof ApiError ? e.msg : '绑定失败，请稍后重试' });
      }
    }

    async function run(): Promise<void> {
      if (!t) return askToBind();
      if (posted.has(t)) return;
      posted.add(t);
      try {
        const data = await zjerLogin(t);
        const current = useSession.getState().user;
        if (current && current.userId !== data.userId) {
          setState({ status: 'error', message: '该之江汇账号已绑定其他平台账号，请先在该账号中解除绑定' });
          return;
        }
        await onLogin(data);
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCode.EDU_ACCOUNT_NOT_BOUND && e.data) {
          const nb = e.data as NotBoundData;
          savePending({ provider: 'zjer', ticket: nb.ticket, profile: nb.profile });
          if (useSession.getState().user) return askToBind();
          setState({ status: 'not-bound', profile: nb.profile });
          return;
        }
        setState({ status: 'error', message: e instanceof ApiError ? e.msg : '之江汇登录失败，请稍后重试' });
      }
    }
    void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per page visit: the ticket is read on the first render
  }, []);

  return state;
}
