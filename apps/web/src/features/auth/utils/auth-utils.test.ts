/** Pure helpers of the accounts forms: contract-based rules, server-error placement, redirects, captcha keys. */
import { captchaKeyField, ErrorCode } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { newCaptchaKey } from '../api/get-captcha';
import { safeRedirect } from '../hooks/use-complete-login';
import { rules } from './rules';
import { placeServerError } from './server-error';
import { withQuery } from './with-query';

/** Runs antd-style rules like the form does; resolves to the first message or null. */
async function check(
  list: { required?: boolean; message?: string; validator?: (r: unknown, v: unknown) => Promise<void> }[],
  value: unknown,
) {
  for (const r of list) {
    if (r.required && (value === undefined || value === null || String(value).trim() === '')) return r.message;
    if (r.validator) {
      try {
        await r.validator({}, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}

describe('field rules from the contract', () => {
  it('asks for a value first, then checks the phone pattern', async () => {
    expect(await check(rules.phone, '')).toBe('请输入手机号');
    expect(await check(rules.phone, '12345678901')).toBe('请输入正确的 11 位手机号');
    expect(await check(rules.phone, '13912345678')).toBeNull();
  });
  it('applies the password policy to new passwords only', async () => {
    expect(await check(rules.newPassword, 'abcdefgh')).toBe('密码长度为 8-64 位，且须同时包含字母和数字');
    expect(await check(rules.newPassword, 'abc123')).toBe('密码长度为 8-64 位，且须同时包含字母和数字');
    expect(await check(rules.newPassword, 'abcd 1234')).toBe('密码不能包含空格');
    expect(await check(rules.newPassword, 'Journey2026')).toBeNull();
    expect(await check(rules.password, 'x')).toBeNull();
  });
  it('refuses all-digit and badly formed user names', async () => {
    expect(await check(rules.userName, '12345')).toBe('用户名不能为纯数字');
    expect(await check(rules.userName, 'a')).toBe('用户名为 2-20 位中文、字母、数字或下划线');
    expect(await check(rules.userName, '张三_2026')).toBeNull();
  });
  it('checks captcha and SMS code lengths', async () => {
    expect(await check(rules.captchaCode, '12')).toBe('请输入 4 位图形验证码');
    expect(await check(rules.smsCode, '12345')).toBe('请输入 6 位短信验证码');
    expect(await check(rules.smsCode, '123456')).toBeNull();
  });
  it('requires the confirmation to match', async () => {
    const confirm = rules.confirm(() => 'Journey2026');
    expect(await check(confirm, '')).toBe('请再次输入密码');
    expect(await check(confirm, 'Journey2027')).toBe('两次输入的密码不一致');
    expect(await check(confirm, 'Journey2026')).toBeNull();
  });
});

describe('placeServerError', () => {
  it('puts field errors on their field and the rest on the form', () => {
    expect(placeServerError(new ApiError(422, ErrorCode.AUTH_CAPTCHA_INVALID, '图形验证码错误'))).toMatchObject({
      field: 'captchaCode',
      msg: '图形验证码错误',
    });
    expect(placeServerError(new ApiError(409, ErrorCode.AUTH_PHONE_TAKEN, '该手机号已注册'))).toMatchObject({
      field: 'phone',
    });
    expect(
      placeServerError(new ApiError(422, ErrorCode.AUTH_WEAK_PASSWORD, '密码过于常见'), 'newPassword'),
    ).toMatchObject({ field: 'newPassword' });
    const locked = placeServerError(new ApiError(429, ErrorCode.AUTH_LOCKED, '密码错误次数过多，请于 12:30 后再试'));
    expect(locked).toEqual({ field: null, msg: '密码错误次数过多，请于 12:30 后再试', captchaSpent: true });
  });
  it('gives a Chinese message for non-API failures', () => {
    expect(placeServerError(new Error('boom')).msg).toBe('网络异常，请稍后重试');
  });
});

describe('safeRedirect', () => {
  it('accepts in-app routes only', () => {
    expect(safeRedirect('/user/avatar?x=1', '/')).toBe('/user/avatar?x=1');
    expect(safeRedirect(null, '/')).toBe('/');
    expect(safeRedirect('https://evil.example/', '/')).toBe('/');
    expect(safeRedirect('//evil.example/', '/')).toBe('/');
    expect(safeRedirect('/\\evil.example', '/mobileH5/home')).toBe('/mobileH5/home');
  });
});

describe('withQuery', () => {
  it('carries only the redirect between H5 pages', () => {
    expect(withQuery('/mobileH5/register', new URLSearchParams('redirect=/mobileH5/activation&x=1'))).toBe(
      '/mobileH5/register?redirect=%2FmobileH5%2Factivation',
    );
    expect(withQuery('/mobileH5/register', new URLSearchParams(''))).toBe('/mobileH5/register');
  });
});

describe('newCaptchaKey', () => {
  it('makes keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, newCaptchaKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(captchaKeyField.safeParse(k).success).toBe(true);
  });
});
