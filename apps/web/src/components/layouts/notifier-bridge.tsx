/**
 * Registers the HTTP client's toast sinks (lib/notify.ts, docs/product.md §8): antd's message and
 * notification on desktop (msg toasts 3 s; HTTP errors with a description 5 s), antd-mobile's
 * Toast on the H5 routes. Each shell mounts its own bridge so that neither loads the other's UI kit.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { registerNotifier } from '@/lib/notify';

/** Desktop sink; must render inside antd's <App>. */
export function DesktopNotifierBridge() {
  const { message, notification } = App.useApp();
  useEffect(() => {
    registerNotifier('desktop', {
      error: (msg, seconds) => void message.error({ content: msg, duration: seconds, key: `toast:${msg}` }),
      httpError: (msg, description, seconds) =>
        notification.error({
          title: msg,
          description,
          duration: seconds,
          key: `http:${msg}:${description}`,
          placement: 'topRight',
        }),
    });
  }, [message, notification]);
  return null;
}
