import { DECLARABLE_IDENTITIES, DECLARABLE_IDENTITY_LABELS, EXTERNAL_PROVIDER_LABELS } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { bindConfirmText, IDENTITY_OPTIONS, PROVIDER_LABELS } from './labels';

describe('plain labels match the contract', () => {
  it('providers and identities', () => {
    expect(PROVIDER_LABELS).toEqual(EXTERNAL_PROVIDER_LABELS);
    expect(IDENTITY_OPTIONS.map((o) => o.value)).toEqual([...DECLARABLE_IDENTITIES]);
    for (const o of IDENTITY_OPTIONS) expect(o.label).toBe(DECLARABLE_IDENTITY_LABELS[o.value]);
  });
});

describe('bindConfirmText', () => {
  it('names the provider account and the portal account', () => {
    expect(bindConfirmText('wechat', '小红同学', 'demo_student')).toBe('将微信「小红同学」绑定到账号 demo_student？');
    expect(bindConfirmText('zjer', ' ', 'li')).toBe('将之江汇「之江汇用户」绑定到账号 li？');
  });
});
