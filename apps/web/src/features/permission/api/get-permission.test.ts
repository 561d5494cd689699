/** The back-office address is taken from the permission answer only when allowed and safe. */
import { OK_CODE, PERMISSION_DENIED_CODE } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { backOfficeAddress } from './get-permission';

describe('backOfficeAddress', () => {
  it('answers an allowed https address', () => {
    const autoAddress = 'https://teaching.example.edu.cn/sso';
    expect(backOfficeAddress({ code: OK_CODE, msg: 'success', autoAddress })).toBe(autoAddress);
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://teaching.example.edu.cn/sso', '//evil.example'])(
    'drops the unsafe address %j',
    (autoAddress) => {
      expect(backOfficeAddress({ code: OK_CODE, msg: 'success', autoAddress })).toBeNull();
    },
  );

  it('answers null when not allowed or not yet known', () => {
    expect(
      backOfficeAddress({ code: PERMISSION_DENIED_CODE, msg: '暂无访问该平台的权限', autoAddress: null }),
    ).toBeNull();
    expect(backOfficeAddress(undefined)).toBeNull();
  });
});
