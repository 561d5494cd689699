/**
 * `GET ApiPaths.smsCode?phone&purpose&captchaKey&captchaCode`: sends a 6-digit code.
 * One send per 60 s per phone and purpose, 5 an hour, 10 a day (counted per network, ADR 004); the
 * answer says when the next send is allowed and gives the flow ticket to submit with the code.
 */
import { ApiPaths, type SmsCodeData, type SmsCodeQuery } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function sendSmsCode(query: SmsCodeQuery): Promise<SmsCodeData> {
  return apiGet<SmsCodeData>(ApiPaths.smsCode, query, { silent: true });
}
