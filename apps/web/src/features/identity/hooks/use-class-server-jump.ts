/**
 * The class-server jump for teachers (docs/product.md §5, §7; docs/identity.md, Class server): the
 * user must have a phone ('请绑定手机号' otherwise); the server makes the encrypted `key` and the
 * address; it opens in a new window, or the same one when asked or inside WeChat; the stored
 * `redirectUrl` is removed afterwards. Messages go through the shell's toast sink.
 */
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { notifierFor } from '@/lib/notify';
import { isTeacher, useSession } from '@/stores/session';
import { getClassServerKey } from '../api/class-server-key';
import { keyTypeFor, opensNewWindow, REDIRECT_URL_KEY } from '../utils/class-server';

export const NO_PHONE_MESSAGE = '请绑定手机号';

/** Opens the class server; `sameWindow` keeps the current window. */
export async function jumpToClassServer(userId: number, sameWindow = false): Promise<void> {
  const notify = notifierFor(window.location.hash.startsWith('#/mobile'));
  const user = useSession.getState().user;
  if (!user?.phone) {
    notify.error(NO_PHONE_MESSAGE, 3);
    return;
  }
  const newWindow = opensNewWindow(sameWindow);
  // Opened before the call so the browser still counts it as the click's own window.
  const win = newWindow ? window.open('', '_blank') : null;
  try {
    const { url } = await getClassServerKey(userId, keyTypeFor(localStorage.getItem(REDIRECT_URL_KEY)));
    if (!/^https?:\/\//i.test(url)) throw new ApiError(0, 'BAD_URL', '课堂服务地址无效');
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (e) {
    win?.close();
    notify.error(e instanceof ApiError ? e.msg : '无法进入课堂服务，请稍后重试', 3);
  } finally {
    localStorage.removeItem(REDIRECT_URL_KEY);
  }
}

/** The jump for the header (teachers only), or null for everyone else. */
export function useClassServerJumpFor(userId: number | undefined): (() => Promise<void>) | null {
  const teacher = useSession((s) => isTeacher(s.user));
  const jump = useCallback(() => (userId == null ? Promise.resolve() : jumpToClassServer(userId)), [userId]);
  return teacher && userId != null ? jump : null;
}
