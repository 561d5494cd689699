import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { aliyunPercentEncode, aliyunSignature, AliyunSmsProvider } from './aliyun';
import { createSmsProvider, SmsSendError, type HttpRequest } from './index';
import { tc3Authorization, TencentSmsProvider } from './tencent';

const NOW = Date.UTC(2026, 0, 15, 6, 5, 9);
const msg = { phone: '13800000001', purpose: 'login' as const, code: '123456' };

function fakeTransport(status: number, body: unknown) {
  const sent: HttpRequest[] = [];
  return { sent, transport: async (r: HttpRequest) => (sent.push(r), { status, text: JSON.stringify(body) }) };
}

describe('aliyun provider', () => {
  it('percent-encodes as RFC 3986', () => {
    expect(aliyunPercentEncode("a b*c~d'()!")).toBe('a%20b%2Ac~d%27%28%29%21');
  });

  it('sends SendSms with the documented RPC signature (HMAC-SHA1 over GET&%2F&query)', async () => {
    const { sent, transport } = fakeTransport(200, { Code: 'OK', Message: 'OK' });
    const p = new AliyunSmsProvider(
      { accessKeyId: 'testid', accessKeySecret: 'testsecret', signName: '数字教材', templateCode: 'SMS_1' },
      transport,
      () => NOW,
      () => 'nonce-1',
    );
    await p.send(msg);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: '数字教材',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'nonce-1',
      Timestamp: '2026-01-15T06:05:09Z',
      AccessKeyId: 'testid',
    });
    // Independent recomputation of the string to sign.
    const { Signature, ...rest } = params;
    const canonical = Object.keys(rest)
      .sort()
      .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(rest[k]!)}`.replace(/\*/g, '%2A'))
      .join('&');
    const stringToSign = `GET&%2F&${encodeURIComponent(canonical)}`;
    expect(Signature).toBe(createHmac('sha1', 'testsecret&').update(stringToSign).digest('base64'));
    expect(aliyunSignature(rest, 'testsecret')).toBe(Signature);
  });

  it('rejects a refusal with an error that does not contain the code', async () => {
    const { transport } = fakeTransport(200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' });
    const p = new AliyunSmsProvider(
      { accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'd' },
      transport,
      () => NOW,
    );
    const err = await p.send(msg).catch((e: Error) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as Error).message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect((err as Error).message).not.toContain('123456');
  });
});

describe('tencent provider', () => {
  it('sends SendSms 2021-01-11 signed with TC3-HMAC-SHA256', async () => {
    const { sent, transport } = fakeTransport(200, { Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } });
    const cfg = {
      secretId: 'AKIDtest',
      secretKey: 'secretkey',
      sdkAppId: '1400000000',
      signName: '数字教材',
      templateId: '100001',
    };
    await new TencentSmsProvider(cfg, transport, () => NOW).send(msg);
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://sms.tencentcloudapi.com/');
    expect(req.headers).toMatchObject({
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Timestamp': String(NOW / 1000),
      'X-TC-Region': 'ap-guangzhou',
    });
    expect(JSON.parse(req.body!)).toEqual({
      PhoneNumberSet: ['+8613800000001'],
      SmsSdkAppId: '1400000000',
      SignName: '数字教材',
      TemplateId: '100001',
      TemplateParamSet: ['123456', '5'],
    });
    // Independent recomputation following the documented steps.
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    const h = (k: Buffer | string, s: string) => createHmac('sha256', k).update(s).digest();
    const canonical = `POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:sms.tencentcloudapi.com\n\ncontent-type;host\n${sha(req.body!)}`;
    const sts = `TC3-HMAC-SHA256\n${NOW / 1000}\n2026-01-15/sms/tc3_request\n${sha(canonical)}`;
    const sig = createHmac('sha256', h(h(h('TC3secretkey', '2026-01-15'), 'sms'), 'tc3_request'))
      .update(sts)
      .digest('hex');
    expect(req.headers.Authorization).toBe(
      `TC3-HMAC-SHA256 Credential=AKIDtest/2026-01-15/sms/tc3_request, SignedHeaders=content-type;host, Signature=${sig}`,
    );
    expect(
      tc3Authorization({
        secretId: 'AKIDtest',
        secretKey: 'secretkey',
        service: 'sms',
        host: 'sms.tencentcloudapi.com',
        timestamp: NOW / 1000,
        payload: req.body!,
      }),
    ).toBe(req.headers.Authorization);
  });

  it('rejects API errors and failed send statuses', async () => {
    const cfg = { secretId: 'a', secretKey: 'b', sdkAppId: 'c', signName: 'd', templateId: 'e' };
    for (const body of [
      { Response: { Error: { Code: 'AuthFailure.SignatureFailure', Message: 'x' } } },
      { Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } },
    ]) {
      const { transport } = fakeTransport(200, body);
      await expect(new TencentSmsProvider(cfg, transport, () => NOW).send(msg)).rejects.toBeInstanceOf(SmsSendError);
    }
  });
});

describe('provider factory', () => {
  it('dev appends JSON lines to $DATA_DIR/sms-outbox.jsonl', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eav-sms-'));
    const p = createSmsProvider(loadConfig({ DATA_DIR: dir }), { now: () => NOW });
    await p.send(msg);
    await p.send({ ...msg, code: '654321' });
    const lines = fs
      .readFileSync(path.join(dir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { phone: '13800000001', purpose: 'login', code: '123456', sentAt: '2026-01-15T06:05:09.000Z' },
      { phone: '13800000001', purpose: 'login', code: '654321', sentAt: '2026-01-15T06:05:09.000Z' },
    ]);
  });

  it('a real provider without its settings fails at start naming the variables', () => {
    expect(() => createSmsProvider(loadConfig({ SMS_PROVIDER: 'aliyun' }))).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET/,
    );
    expect(() => createSmsProvider(loadConfig({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'x' }))).toThrow(
      /TENCENT_SMS_SECRET_KEY/,
    );
    const p = createSmsProvider(
      loadConfig({
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'a',
        TENCENT_SMS_SECRET_KEY: 'b',
        TENCENT_SMS_SDK_APP_ID: 'c',
        TENCENT_SMS_SIGN_NAME: 'd',
        TENCENT_SMS_TEMPLATE_ID: 'e',
      }),
    );
    expect(p.name).toBe('tencent');
  });
});
