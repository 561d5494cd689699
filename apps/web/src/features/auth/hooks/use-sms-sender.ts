/**
 * Sending an SMS code from a form (desktop or H5): checks the form's phone field (unless the phone
 * is fixed) and its image-captcha answer (field `captchaCode`, which carries no submit rule since
 * the send spends it), calls the send endpoint, keeps the answer's flow ticket in the hidden field
 * `smsTicket` (submitted with the code, ADR 004), starts the resend countdown from the server's
 * `resendIn` (default LIMITS.smsResendSeconds, docs/product.md §4), refreshes the spent captcha and clears its
 * answer. Failures go to the phone or captcha field, or to `onFormError` (e.g. the daily limit).
 */
import { captchaCodeField, LIMITS, type SmsPurpose } from '@eav/contract';
import { useState } from 'react';
import { fieldProblem } from '@/lib/form-rules';
import { sendSmsCode } from '../api/send-sms-code';
import { placeServerError, showServerError, type FieldErrorTarget, type ServerErrorPlace } from '../utils/server-error';
import type { CaptchaState } from './use-captcha';
import { useCountdown } from './use-countdown';

/** The part of an antd / antd-mobile form instance the sender uses. */
export interface SmsSenderForm extends FieldErrorTarget {
  validateFields(names: string[]): Promise<unknown>;
  getFieldValue(name: string): unknown;
  setFieldValue(name: string, value: unknown): void;
}

export interface SmsSenderOptions {
  form: SmsSenderForm;
  purpose: SmsPurpose;
  captcha: CaptchaState;
  /** Phone to send to when the form has no phone field (e.g. the logged-in user's own). */
  fixedPhone?: string;
  /** Called after a successful send (a toast). */
  onSent(): void;
  /** Called with a form-level message. */
  onFormError?(msg: string): void;
}

export interface SmsSender {
  /** Seconds until the next send is allowed (0 = may send). */
  left: number;
  sending: boolean;
  /** Checks the fields and sends; never throws. */
  send(): Promise<void>;
}

export function useSmsSender({ form, purpose, captcha, fixedPhone, onSent, onFormError }: SmsSenderOptions): SmsSender {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!fixedPhone) {
      try {
        await form.validateFields(['phone']);
      } catch {
        return;
      }
    }
    const captchaCode = String(form.getFieldValue('captchaCode') ?? '').trim();
    const problem = fieldProblem(captchaCodeField, captchaCode);
    if (problem) {
      form.setFields([{ name: 'captchaCode', errors: [captchaCode ? problem : '请先输入图形验证码'] }]);
      return;
    }
    const phone = fixedPhone ?? String(form.getFieldValue('phone')).trim();
    const failure = await request(phone, captchaCode);
    form.setFieldValue('captchaCode', '');
    // Without a phone field (fixed phone), a phone error goes to the form-level alert.
    if (failure)
      showServerError(failure, form, fixedPhone ? ['captchaCode'] : ['phone', 'captchaCode'], (msg) =>
        onFormError?.(msg),
      );
    else onSent();
  };

  /** The call itself; resolves null on success or where to show the failure. */
  const request = async (phone: string, captchaCode: string): Promise<ServerErrorPlace | null> => {
    setSending(true);
    try {
      const data = await sendSmsCode({ phone, purpose, captchaKey: captcha.key, captchaCode });
      form.setFieldValue('smsTicket', data.smsTicket);
      start(data.resendIn > 0 ? data.resendIn : LIMITS.smsResendSeconds);
      return null;
    } catch (error) {
      // A "too frequent" answer (429 AUTH.SMS_TOO_FREQUENT) carries the wait in data.retryAfter (s).
      const wait = (error as { data?: { retryAfter?: unknown } }).data?.retryAfter;
      if (typeof wait === 'number' && wait > 0) start(wait);
      return placeServerError(error);
    } finally {
      setSending(false);
      captcha.refresh();
    }
  };

  return { left, sending, send };
}
