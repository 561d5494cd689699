/**
 * Tencent Cloud SMS: `SendSms`, API version 2021-01-11, signed with TC3-HMAC-SHA256 as documented
 * in "签名方法 v3": canonical request → string to sign → HMAC chain TC3+key / date / service /
 * "tc3_request". The template's parameters are the code and its lifetime in minutes.
 */
import { createHash, createHmac } from 'node:crypto';
import { LIMITS } from '@eav/contract';
import { SmsSendError, type SmsMessage, type SmsProvider } from './types';
import type { HttpRequest, HttpTransport } from './transport';

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region?: string;
  host?: string;
}

const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (key: Buffer | string, s: string) => createHmac('sha256', key).update(s, 'utf8').digest();

/** The TC3-HMAC-SHA256 Authorization header of a JSON POST to `/` (exposed for tests). */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  timestamp: number;
  payload: string;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const secretSigning = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

interface TencentResponse {
  Response?: { Error?: { Code?: string; Message?: string }; SendStatusSet?: { Code?: string; Message?: string }[] };
}

export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(
    private readonly config: TencentSmsConfig,
    private readonly transport: HttpTransport,
    private readonly now: () => number,
  ) {}

  /** The signed request for a message (exposed for tests). */
  buildRequest(message: SmsMessage): HttpRequest {
    const host = this.config.host ?? 'sms.tencentcloudapi.com';
    const timestamp = Math.floor(this.now() / 1000);
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${message.phone}`],
      SmsSdkAppId: this.config.sdkAppId,
      SignName: this.config.signName,
      TemplateId: this.config.templateId,
      TemplateParamSet: [message.code, String(LIMITS.smsCodeTtlSeconds / 60)],
    });
    return {
      method: 'POST',
      url: `https://${host}/`,
      headers: {
        Authorization: tc3Authorization({
          secretId: this.config.secretId,
          secretKey: this.config.secretKey,
          service: 'sms',
          host,
          timestamp,
          payload,
        }),
        'Content-Type': 'application/json; charset=utf-8',
        Host: host,
        'X-TC-Action': 'SendSms',
        'X-TC-Version': '2021-01-11',
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': this.config.region ?? 'ap-guangzhou',
      },
      body: payload,
    };
  }

  async send(message: SmsMessage): Promise<void> {
    let res;
    try {
      res = await this.transport(this.buildRequest(message));
    } catch (err) {
      throw new SmsSendError(`tencent: request failed (${(err as Error).name})`);
    }
    let body: TencentResponse = {};
    try {
      body = JSON.parse(res.text) as TencentResponse;
    } catch {
      // Not JSON: reported below by status.
    }
    const error = body.Response?.Error;
    const status = body.Response?.SendStatusSet?.[0];
    if (res.status !== 200 || error || status?.Code !== 'Ok') {
      throw new SmsSendError(
        `tencent: HTTP ${res.status} ${error?.Code ?? status?.Code ?? ''} ${error?.Message ?? status?.Message ?? ''}`.trim(),
      );
    }
  }
}
