/**
 * The submit of each accounts form (login by password, login by SMS, register, reset password),
 * shared by the desktop and H5 forms: the call with trimmed values and which fields show their own
 * server errors (the rest go to the form-level alert). Platform is added by the calls.
 */
import { POLICY_VERSION, type Identity, type LoginData } from '@eav/contract';
import { useLogin } from '../api/login';
import { useRegister } from '../api/register';
import { useResetPassword } from '../api/reset-password';
import type { FieldErrorTarget } from '../utils/server-error';
import { useAuthSubmit, type AuthSubmit } from './use-auth-submit';
import type { CaptchaState } from './use-captcha';

type OnLogin = (data: LoginData) => Promise<void>;

/** A form's submit plus whether its call is running. */
export type PendingSubmit<V> = AuthSubmit<V> & { pending: boolean };

interface PasswordLoginValues {
  account: string;
  password: string;
  captchaCode: string;
}

/** 账号登录; any failure spends the image captcha, so a new one is shown and its answer cleared. */
export function usePasswordLoginSubmit(
  form: FieldErrorTarget & { setFieldValue(name: 'captchaCode', value: string): void },
  captcha: CaptchaState,
  onSuccess: OnLogin,
): PendingSubmit<PasswordLoginValues> {
  const login = useLogin();
  const submit = useAuthSubmit<PasswordLoginValues>(form, {
    fields: ['captchaCode'],
    submit: async (v) =>
      onSuccess(
        await login.mutateAsync({
          account: v.account.trim(),
          password: v.password,
          captchaKey: captcha.key,
          captchaCode: v.captchaCode,
        }),
      ),
    onFailure: () => {
      captcha.refresh();
      form.setFieldValue('captchaCode', '');
    },
  });
  return { ...submit, pending: login.isPending };
}

interface SmsLoginValues {
  phone: string;
  smsCode: string;
  /** The flow ticket of the send (hidden field). */
  smsTicket?: string;
}

/** 短信登录 with the code sent for purpose `login`. */
export function useSmsLoginSubmit(form: FieldErrorTarget, onSuccess: OnLogin): PendingSubmit<SmsLoginValues> {
  const login = useLogin();
  const submit = useAuthSubmit<SmsLoginValues>(form, {
    fields: ['smsCode', 'phone'],
    submit: async (v) =>
      onSuccess(await login.mutateAsync({ phone: v.phone.trim(), smsCode: v.smsCode, smsTicket: v.smsTicket })),
  });
  return { ...submit, pending: login.isPending };
}

interface RegisterValues {
  /** The desktop radio gives one identity, the H5 selector a list of one. */
  identity: Identity | Identity[];
  phone: string;
  smsCode: string;
  smsTicket?: string;
  userName: string;
  password: string;
  /** The consent checkbox; the form's rule lets only a ticked one through. */
  consent?: boolean;
  /** A student's birth year as typed or chosen (docs/privacy.md, Guardians). */
  birthYear?: number | string;
}

/** 注册, then logged in. */
export function useRegisterSubmit(form: FieldErrorTarget, onSuccess: OnLogin): PendingSubmit<RegisterValues> {
  const register = useRegister();
  const submit = useAuthSubmit<RegisterValues>(form, {
    fields: ['phone', 'smsCode', 'userName', 'password'],
    submit: async (v) =>
      onSuccess(
        await register.mutateAsync({
          identity: Array.isArray(v.identity) ? (v.identity[0] ?? 'student') : v.identity,
          phone: v.phone.trim(),
          smsCode: v.smsCode,
          smsTicket: v.smsTicket,
          userName: v.userName.trim(),
          password: v.password,
          // Without the tick the server refuses (400) with its own message; the form rule asks first.
          consentVersion: v.consent ? POLICY_VERSION : '',
          ...(v.birthYear !== undefined && v.birthYear !== '' ? { birthYear: Number(v.birthYear) } : {}),
        }),
      ),
  });
  return { ...submit, pending: register.isPending };
}

interface ResetValues {
  phone: string;
  smsCode: string;
  smsTicket?: string;
  password: string;
}

/** 找回密码; `onDone` gets the phone so the page can offer password login with it. */
export function useResetSubmit(form: FieldErrorTarget, onDone: (phone: string) => void): PendingSubmit<ResetValues> {
  const reset = useResetPassword();
  const submit = useAuthSubmit<ResetValues>(form, {
    fields: ['phone', 'smsCode', 'password'],
    submit: async (v) => {
      await reset.mutateAsync({
        phone: v.phone.trim(),
        smsCode: v.smsCode,
        smsTicket: v.smsTicket,
        password: v.password,
      });
      onDone(v.phone.trim());
    },
  });
  return { ...submit, pending: reset.isPending };
}
