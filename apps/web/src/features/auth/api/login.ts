/**
 * `POST ApiPaths.login`: by account (phone or user name) + password + image captcha, or
 * by phone + SMS code. Platform is always WEB (docs/product.md §3, §9). Errors are shown by the form (silent).
 */
import { ApiPaths, PLATFORM, type LoginData, type PasswordLoginBody, type SmsLoginBody } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export type LoginInput = Omit<PasswordLoginBody, 'platform'> | Omit<SmsLoginBody, 'platform'>;

export function login(body: LoginInput): Promise<LoginData> {
  return apiPost<LoginData>(ApiPaths.login, { ...body, platform: PLATFORM }, { silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
