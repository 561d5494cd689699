/**
 * A seconds countdown for the "获取验证码" button (LIMITS.smsResendSeconds, 1 s step, docs/product.md §4).
 * Based on an end time, so a throttled background tab still shows the right value.
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { left: number; start(seconds: number): void } {
  const [endAt, setEndAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt <= Date.now()) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndAt(t + seconds * 1000);
  }, []);

  return { left: Math.max(0, Math.ceil((endAt - now) / 1000)), start };
}
