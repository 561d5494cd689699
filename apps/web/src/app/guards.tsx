/**
 * The route guards of docs/product.md §4 (decisions in features/identity/utils/guard.ts), wired
 * around every route by the shell. The page renders underneath (so its shell's toasts work) with
 * an overlay on top while a guard logs the visitor in; sensitive parameters leave the address bar
 * by a replace navigation at once, and the page sends no referrer meanwhile.
 *
 * - sessionId: education-cube login. Success stores the user (token cookie, profile merged) and
 *   goes to /mobileH5/home, or, started on the desktop, back to the desktop page it left (a login
 *   page's: the home); EDU.ACCOUNT_NOT_BOUND binds automatically when a local user exists, else goes
 *   to the site's bind screen (/mobileH5/bindChoiceMf, or the desktop /bindAccount returning there). The server accepts the sessionId and the bind ticket only
 *   from the browser that ran the 教育魔方 login (its flow cookie), so the automatic binding binds
 *   the person who just logged in there, never an identity a link brought.
 * - code (not on /mobileH5/login): WeChat H5 login, then the in-app URL the server answered.
 * - unionId: stored (nothing is bound from it here: the bind screens ask first); a local user
 *   continues; isBound + token + userId exchanges the one-time login code `token` for a session
 *   (profile fetched, stored, home; on failure token and user cleared, login); otherwise the site's
 *   bind screen (/mobileH5/bindChoiceWx, or the desktop /bindAccount).
 */
import { ErrorCode, type LoginData, type NotBoundData } from '@eav/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getProfile } from '@/api/profile';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { notifierFor } from '@/lib/notify';
import { storeUserInfo } from '@/lib/session-storage';
import { useSession } from '@/stores/session';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import { bindIdentity } from '@/features/identity/api/bind-identity';
import { educubeLogin } from '@/features/identity/api/educube-login';
import { exchangeLoginCode } from '@/features/identity/api/exchange-login-code';
import { wechatH5Login } from '@/features/identity/api/wechat-h5-login';
import { GuardOverlay } from '@/features/identity/components/guard-overlay';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import {
  afterLogin,
  bindScreenFor,
  decideGuard,
  homeFor,
  inAppRoute,
  loginFor,
  type GuardAction,
} from '@/features/identity/utils/guard';
import { savePending, takeReturnTo } from '@/features/identity/utils/pending-binding';

/** Single-use values already handed to the server in this page's life (StrictMode runs effects twice). */
const spent = new Set<string>();

const TOAST_SECONDS = 3;

function toast(pathname: string, msg: string): void {
  notifierFor(pathname.startsWith('/mobile')).error(msg, TOAST_SECONDS);
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.msg ? error.msg : fallback;
}

export function IdentityGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const hasUser = useSession((s) => !!s.user);
  const completeLogin = useCompleteLogin(paths.mobile.home);
  const action = decideGuard(location.pathname, new URLSearchParams(location.search), hasUser);
  const [busy, setBusy] = useState(false);
  useNoReferrer(!!action || busy);

  const actionKey = action ? `${action.kind}:${guardValue(action)}` : null;
  // The WeChat bind ticket is stored before the page below renders, so that a bind screen the
  // address already shows (bindChoiceWx, bind) finds it on its first render.
  const unionId = action?.kind === 'unionId' ? action.unionId : null;
  useMemo(() => unionId && savePending({ provider: 'wechat', ticket: unionId }), [unionId]);

  useEffect(() => {
    if (!action || !actionKey || spent.has(actionKey)) return;
    spent.add(actionKey);
    const here = location.pathname;
    const replace = (to: string) => void navigate(to, { replace: true });

    async function run(a: GuardAction): Promise<void> {
      if (a.kind === 'unionId') {
        savePending({ provider: 'wechat', ticket: a.unionId });
        if (a.branch === 'store-only' || a.branch === 'continue') return replace(a.rest);
        if (a.branch === 'bind-choice') return replace(bindScreenFor('wechat', a.rest));
        // isBound with token and userId: `token` is a one-time login code, which only this browser
        // (the one that ran the WeChat flow) can exchange for a session; a link carrying someone
        // else's code logs nobody in here (login CSRF).
        let login: LoginData;
        try {
          login = await exchangeLoginCode(a.token!);
        } catch (e) {
          toast(here, messageOf(e, '微信登录已失效，请重新登录'));
          return replace(loginFor(a.rest));
        }
        const { setUser, dropToken } = useSession.getState();
        setUser({ ...login });
        try {
          const profile = await getProfile(login.userId);
          storeUserInfo(profile);
          setUser({
            userId: profile.userId,
            token: login.token,
            userName: profile.userName,
            name: profile.name,
            phone: profile.phone,
            avatar: profile.avatar,
            roles: profile.roles,
            identity: profile.identity,
            personId: profile.personId,
            zsVerified: profile.zsVerified,
            completed: profile.completed,
          });
          return replace(afterLogin(a.rest));
        } catch {
          dropToken();
          return replace(loginFor(a.rest));
        }
      }

      if (a.kind === 'wechat') {
        try {
          const { url } = await wechatH5Login(a.code, a.state);
          const route = inAppRoute(url);
          return replace(route ?? homeFor(here));
        } catch (e) {
          toast(here, messageOf(e, '微信登录失败，请重试'));
          return replace(loginFor(here));
        }
      }

      // Education cube.
      let data: LoginData;
      try {
        data = await educubeLogin(a.sessionId);
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCode.EDU_ACCOUNT_NOT_BOUND && e.data) {
          const nb = e.data as NotBoundData;
          savePending({ provider: 'educube', ticket: nb.ticket, cubeAccountId: nb.cubeAccountId, profile: nb.profile });
          if (!useSession.getState().user) return replace(bindScreenFor('educube', a.rest));
          try {
            await bindIdentity({ provider: 'educube', ticket: nb.ticket, cubeAccountId: nb.cubeAccountId });
          } catch (bindError) {
            toast(here, messageOf(bindError, '教育魔方账号绑定失败'));
          }
          return replace(takeReturnTo() ?? afterLogin(a.rest));
        }
        toast(here, messageOf(e, '教育魔方登录失败，请重试'));
        return replace(loginFor(here));
      }
      // The URL still holds the sessionId: clear it first, then the login completes on the H5 home
      // (docs/product.md §4) or, started on the desktop, on the desktop page it left.
      replace(a.rest);
      await completeLogin(data, homeFor(a.rest) === paths.mobile.home ? paths.mobile.home : afterLogin(a.rest));
    }

    setBusy(true);
    void run(action).finally(() => setBusy(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the guard runs once per distinct sensitive value; later renders of the same address do nothing
  }, [actionKey]);

  return (
    <>
      {children}
      {(busy || (action && action.kind !== 'unionId')) && <GuardOverlay />}
    </>
  );
}

function guardValue(a: GuardAction): string {
  if (a.kind === 'educube') return a.sessionId;
  if (a.kind === 'wechat') return `${a.code}|${a.state}`;
  return a.unionId;
}
