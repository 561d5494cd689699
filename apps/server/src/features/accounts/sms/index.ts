/**
 * SMS providers behind one interface (docs/accounts.md; docs/api.md, Configuration, SMS_PROVIDER):
 * `dev` appends to $DATA_DIR/sms-outbox.jsonl, `aliyun` (Dysmsapi SendSms) and `tencent`
 * (SMS SendSms 2021-01-11) call the vendors' HTTP APIs with their documented request signing.
 * Providers never log the code, and their errors never contain it.
 */
import type { AppConfig } from '../../../config';
import { AliyunSmsProvider } from './aliyun';
import { DevSmsProvider } from './dev';
import { TencentSmsProvider } from './tencent';
import { fetchTransport, type HttpTransport } from './transport';

import type { SmsProvider } from './types';

export { SmsSendError, type SmsMessage, type SmsProvider } from './types';
export type { HttpRequest, HttpResponse, HttpTransport } from './transport';

export interface SmsProviderDeps {
  transport?: HttpTransport;
  now?: () => number;
}

function required<K extends keyof AppConfig['sms']>(
  sms: AppConfig['sms'],
  keys: K[],
  provider: string,
): Record<K, string> {
  const missing = keys.filter((k) => !sms[k]);
  if (missing.length) throw new Error(`SMS_PROVIDER=${provider} needs ${missing.join(', ')}`);
  return Object.fromEntries(keys.map((k) => [k, sms[k]!])) as Record<K, string>;
}

/**
 * The provider named by the configuration.
 * @throws Error naming the missing environment variables of a real provider (at start).
 */
export function createSmsProvider(config: AppConfig, deps: SmsProviderDeps = {}): SmsProvider {
  const transport = deps.transport ?? fetchTransport;
  const now = deps.now ?? Date.now;
  switch (config.smsProvider) {
    case 'dev':
      return new DevSmsProvider(config.dataDir, now);
    case 'aliyun': {
      const c = required(
        config.sms,
        [
          'ALIYUN_SMS_ACCESS_KEY_ID',
          'ALIYUN_SMS_ACCESS_KEY_SECRET',
          'ALIYUN_SMS_SIGN_NAME',
          'ALIYUN_SMS_TEMPLATE_CODE',
        ],
        'aliyun',
      );
      return new AliyunSmsProvider(
        {
          accessKeyId: c.ALIYUN_SMS_ACCESS_KEY_ID,
          accessKeySecret: c.ALIYUN_SMS_ACCESS_KEY_SECRET,
          signName: c.ALIYUN_SMS_SIGN_NAME,
          templateCode: c.ALIYUN_SMS_TEMPLATE_CODE,
        },
        transport,
        now,
      );
    }
    case 'tencent': {
      const c = required(
        config.sms,
        [
          'TENCENT_SMS_SECRET_ID',
          'TENCENT_SMS_SECRET_KEY',
          'TENCENT_SMS_SDK_APP_ID',
          'TENCENT_SMS_SIGN_NAME',
          'TENCENT_SMS_TEMPLATE_ID',
        ],
        'tencent',
      );
      return new TencentSmsProvider(
        {
          secretId: c.TENCENT_SMS_SECRET_ID,
          secretKey: c.TENCENT_SMS_SECRET_KEY,
          sdkAppId: c.TENCENT_SMS_SDK_APP_ID,
          signName: c.TENCENT_SMS_SIGN_NAME,
          templateId: c.TENCENT_SMS_TEMPLATE_ID,
        },
        transport,
        now,
      );
    }
  }
}
