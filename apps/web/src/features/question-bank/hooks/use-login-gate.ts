/**
 * Actions that need an account (the basket, downloads): a visitor is asked to log in first and comes
 * back to the same view afterwards (`redirect` of docs/product.md §2).
 */
import { useCallback } from 'react';
import { App } from 'antd';
import { loginPath } from '@/config/paths';
import { currentFullPath, navigate } from '@/lib/navigation';
import { useSession } from '@/stores/session';

export function useLoginGate() {
  const user = useSession((s) => s.user);
  const { modal } = App.useApp();
  const requireLogin = useCallback(
    (what: string, action: (userId: number) => void) => {
      if (user) {
        action(user.userId);
        return;
      }
      modal.confirm({
        title: '请先登录',
        content: `登录后才能${what}。`,
        okText: '去登录',
        cancelText: '取消',
        onOk: () => navigate(loginPath('login', currentFullPath())),
      });
    },
    [user, modal],
  );
  return { userId: user?.userId, requireLogin };
}
