/** H5 toast sink of the HTTP client (docs/product.md §8): antd-mobile's Toast. */
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { registerNotifier } from '@/lib/notify';

export function MobileNotifierBridge() {
  useEffect(() => {
    registerNotifier('mobile', {
      error: (msg, seconds) => void Toast.show({ content: msg, icon: 'fail', duration: seconds * 1000 }),
      httpError: (msg, _description, seconds) =>
        void Toast.show({ content: msg, icon: 'fail', duration: seconds * 1000 }),
    });
  }, []);
  return null;
}
