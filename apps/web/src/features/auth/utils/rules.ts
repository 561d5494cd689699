/**
 * Field rules of the accounts forms, from the contract's zod fields (LIMITS), so web and server
 * refuse the same input with the same Chinese message (docs/accounts.md).
 */
import {
  captchaCodeField,
  ConsentMessages,
  newPasswordField,
  phoneField,
  smsCodeField,
  userNameField,
} from '@eav/contract';
import { birthYearRules } from '@/lib/birth-year';
import { requiredRule, sameAsRule, zodRule, type FieldRule } from '@/lib/form-rules';

export const rules = {
  phone: [requiredRule('请输入手机号'), zodRule(phoneField)],
  account: [requiredRule('请输入手机号或用户名')],
  password: [requiredRule('请输入密码')],
  newPassword: [requiredRule('请设置密码'), zodRule(newPasswordField)],
  userName: [requiredRule('请输入用户名'), zodRule(userNameField)],
  captchaCode: [requiredRule('请输入图形验证码'), zodRule(captchaCodeField)],
  smsCode: [requiredRule('请输入短信验证码'), zodRule(smsCodeField)],
  identity: [{ required: true, message: '请选择身份' }],
  /** A student's birth year (docs/privacy.md, Guardians), as the server checks it. */
  birthYear: birthYearRules,
  /** The consent checkbox of 注册 (unticked by default; PIPL art. 14). */
  consent: [
    {
      validator: async (_rule, value) => {
        if (value !== true) throw new Error(ConsentMessages.missing);
      },
    },
  ],
  confirm: (getPassword: () => unknown): FieldRule[] => [requiredRule('请再次输入密码'), sameAsRule(getPassword)],
  /** The SMS code with the send's flow ticket: a code typed before any send is refused here. */
  smsCodeWithTicket: (getTicket: () => unknown): FieldRule[] => [
    ...rules.smsCode,
    {
      validator: async (_rule, value) => {
        if (value && !getTicket()) throw new Error('请先获取短信验证码');
      },
    },
  ],
} satisfies Record<string, FieldRule[] | ((...args: never[]) => FieldRule[])>;
