import type { TextbookListItem } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { activationOutcome } from './activation-outcome';

const textbook = { title: '义务教育教科书·数学七年级上册' } as TextbookListItem;

describe('activationOutcome', () => {
  it('tells a new activation, a repeated code and an owned book apart', () => {
    expect(activationOutcome({ textbook, alreadyOwned: false, alreadyRedeemed: false })).toEqual({
      title: '激活成功',
      detail: '《义务教育教科书·数学七年级上册》已加入“我的教材”',
    });
    expect(activationOutcome({ textbook, alreadyOwned: false, alreadyRedeemed: true })).toEqual({
      title: '该激活码已激活',
      detail: '《义务教育教科书·数学七年级上册》已在“我的教材”中',
    });
    expect(activationOutcome({ textbook, alreadyOwned: true, alreadyRedeemed: false }).detail).toContain(
      '本次激活码未被使用',
    );
  });
});
