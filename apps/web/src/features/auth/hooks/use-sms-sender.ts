/**
 * Sending an SMS code from a form (desktop or H5): validates nothing itself (the form does), calls
 * the send endpoint with the image captcha, starts the resend countdown from the server's
 * `resendIn` (default LIMITS.smsResendSeconds) and refreshes the spent captcha.
 */
import { LIMITS, type SmsPurpose } from '@eav/contract';
import { useCallback, useState } from 'react';
import { sendSmsCode } from '../api/send-sms-code';
import { placeServerError, type ServerErrorPlace } from '../utils/server-error';
import type { CaptchaState } from './use-captcha';
import { useCountdown } from './use-countdown';

export interface SmsSender {
  /** Seconds until the next send is allowed (0 = may send). */
  left: number;
  sending: boolean;
  /** Sends; resolves null on success or where to show the failure. */
  send(phone: string, captchaCode: string): Promise<ServerErrorPlace | null>;
}

export function useSmsSender(purpose: SmsPurpose, captcha: CaptchaState): SmsSender {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const { key, refresh } = captcha;

  const send = useCallback(
    async (phone: string, captchaCode: string) => {
      setSending(true);
      try {
        const data = await sendSmsCode({ phone, purpose, captchaKey: key, captchaCode });
        start(data.resendIn > 0 ? data.resendIn : LIMITS.smsResendSeconds);
        return null;
      } catch (error) {
        const place = placeServerError(error);
        // A "too frequent" answer (429 AUTH.SMS_TOO_FREQUENT) carries the wait in data.retryAfter (s).
        const wait = (error as { data?: { retryAfter?: unknown } }).data?.retryAfter;
        if (typeof wait === 'number' && wait > 0) start(wait);
        return place;
      } finally {
        setSending(false);
        refresh();
      }
    },
    [key, purpose, refresh, start],
  );

  return { left, sending, send };
}
