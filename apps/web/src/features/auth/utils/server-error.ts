/**
 * Maps a failed accounts call to where its Chinese message belongs: a form field (captcha, SMS
 * code, phone, user name, password) or the form-level alert (bad credentials, lockout, limits).
 * The message is always the server's own `msg` (docs/api.md, Errors).
 */
import { ErrorCode } from '@eav/contract';
import { ApiError } from '@/lib/api-client';

export type AuthField =
  'account' | 'phone' | 'captchaCode' | 'smsCode' | 'userName' | 'password' | 'oldPassword' | 'newPassword';

export interface ServerErrorPlace {
  /** The field to mark, or null for the form-level alert. */
  field: AuthField | null;
  msg: string;
  /** True when the image captcha answer was consumed and a new image is needed. */
  captchaSpent: boolean;
}

const FIELD_BY_CODE: Partial<Record<string, AuthField>> = {
  [ErrorCode.AUTH_CAPTCHA_INVALID]: 'captchaCode',
  [ErrorCode.AUTH_SMS_INVALID]: 'smsCode',
  [ErrorCode.AUTH_PHONE_TAKEN]: 'phone',
  [ErrorCode.AUTH_PHONE_NOT_REGISTERED]: 'phone',
  [ErrorCode.AUTH_USERNAME_TAKEN]: 'userName',
  [ErrorCode.AUTH_WEAK_PASSWORD]: 'password',
};

/**
 * Where to show `error`. `passwordField` renames the password target (e.g. `newPassword` on the
 * change-password form).
 */
export function placeServerError(error: unknown, passwordField: AuthField = 'password'): ServerErrorPlace {
  if (!(error instanceof ApiError)) return { field: null, msg: '网络异常，请稍后重试', captchaSpent: true };
  let field = FIELD_BY_CODE[String(error.code)] ?? null;
  if (field === 'password') field = passwordField;
  // The server checks the captcha before anything else and spends it on every answer but a
  // validation failure of the request itself; a fresh image is the safe choice after any error.
  return { field, msg: error.msg, captchaSpent: true };
}

/** The part of an antd / antd-mobile form instance that marks a field with an error. */
export interface FieldErrorTarget {
  // Method syntax on purpose: a form typed by its values (FieldData<Values>) must fit.
  setFields(fields: { name?: string | number | (string | number)[]; errors?: string[] }[]): void;
}

/**
 * Shows `place` on the form: on its field when that field is one of `fields` (the ones the form
 * has and shows), otherwise through `setFormError` (the form-level alert).
 */
export function showServerError(
  place: ServerErrorPlace,
  form: FieldErrorTarget,
  fields: readonly AuthField[],
  setFormError: (msg: string) => void,
): void {
  if (place.field && fields.includes(place.field)) form.setFields([{ name: place.field, errors: [place.msg] }]);
  else setFormError(place.msg);
}
