/**
 * Aliyun (Alibaba Cloud) SMS: Dysmsapi `SendSms`, API version 2017-05-25, RPC style with
 * signature version 1.0 (HMAC-SHA1) as documented in "RPC 风格请求体 & 签名机制":
 * StringToSign = "GET&%2F&" + percentEncode(canonicalised query), key = AccessKeySecret + "&".
 * The template must have one variable `code`.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { SmsSendError, type SmsMessage, type SmsProvider } from './types';
import type { HttpRequest, HttpTransport } from './transport';

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
}

/** RFC 3986 percent-encoding as Aliyun's signature requires (space %20, `*` %2A, `~` kept). */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signature of a GET request with `params` (without Signature). */
export function aliyunSignature(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `GET&${aliyunPercentEncode('/')}&${aliyunPercentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly transport: HttpTransport,
    private readonly now: () => number,
    private readonly nonce: () => string = randomUUID,
  ) {}

  /** The signed request for a message (exposed for tests). */
  buildRequest(message: SmsMessage): HttpRequest {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: this.nonce(),
      SignatureVersion: '1.0',
      TemplateCode: this.config.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = aliyunSignature(params, this.config.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([k, v]) => `${aliyunPercentEncode(k)}=${aliyunPercentEncode(v)}`)
      .join('&');
    const endpoint = this.config.endpoint ?? 'https://dysmsapi.aliyuncs.com';
    return { method: 'GET', url: `${endpoint}/?${query}`, headers: { accept: 'application/json' } };
  }

  async send(message: SmsMessage): Promise<void> {
    let res;
    try {
      res = await this.transport(this.buildRequest(message));
    } catch (err) {
      throw new SmsSendError(`aliyun: request failed (${(err as Error).name})`);
    }
    let body: { Code?: string; Message?: string } = {};
    try {
      body = JSON.parse(res.text) as typeof body;
    } catch {
      // Not JSON: reported below by status.
    }
    if (res.status !== 200 || body.Code !== 'OK')
      throw new SmsSendError(`aliyun: HTTP ${res.status} ${body.Code ?? ''} ${body.Message ?? ''}`.trim());
  }
}
