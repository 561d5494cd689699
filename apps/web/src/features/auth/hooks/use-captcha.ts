/**
 * The image captcha of a form: a random key, the image as an object URL, refresh on demand.
 * The object URL is revoked when replaced or on unmount.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptcha, newCaptchaKey } from '../api/get-captcha';

export interface CaptchaState {
  /** Key to send with the answer. */
  key: string;
  /** Object URL of the image, null while loading or after a failure. */
  src: string | null;
  loading: boolean;
  /** Chinese message when the image could not be loaded. */
  error: string | null;
  /** Loads a new image under a new key. */
  refresh(): void;
}

export function useCaptcha(): CaptchaState {
  const [key, setKey] = useState(newCaptchaKey);
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const urlRef = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setError(null);
    getCaptcha(key).then(
      (blob) => {
        if (!alive) return;
        const url = URL.createObjectURL(blob);
        if (urlRef.current) URL.revokeObjectURL(urlRef.current);
        urlRef.current = url;
        setSrc(url);
        setLoading(false);
      },
      () => {
        if (!alive) return;
        setSrc(null);
        setError('验证码加载失败，点击重试');
        setLoading(false);
      },
    );
    return () => {
      alive = false;
    };
  }, [key]);

  useEffect(
    () => () => {
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const refresh = useCallback(() => setKey(newCaptchaKey()), []);
  return { key, src, loading, error, refresh };
}
