/**
 * `GET ApiPaths.smsCode?phone&purpose&captchaKey&captchaCode` (issue 3): sends a 6-digit code.
 * One send per 60 s per phone, 5 an hour, 10 a day; the answer says when the next send is allowed.
 */
import { ApiPaths, type SmsCodeData, type SmsCodeQuery } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function sendSmsCode(query: SmsCodeQuery): Promise<SmsCodeData> {
  return apiGet<SmsCodeData>(ApiPaths.smsCode, query, { silent: true });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
