import { describe, expect, it } from 'vitest';
import { newPasswordField } from '@eav/contract';
import {
  assertPasswordAcceptable,
  commonPasswords,
  hashPassword,
  isCommonPassword,
  verifyDummy,
  verifyPassword,
} from './password';

describe('password policy', () => {
  it('ships a list of several thousand common passwords, Chinese patterns included', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(5000);
    for (const p of ['a123456', 'woaini1314', 'qq123456', 'password1', '1qaz2wsx', 'zhang123456'])
      expect(isCommonPassword(p), p).toBe(true);
    // Case and symbols do not hide a common password.
    expect(isCommonPassword('P@ssw0rd')).toBe(true);
    expect(isCommonPassword('WoAiNi1314!')).toBe(true);
    expect(isCommonPassword('Demo@2026')).toBe(false);
    expect(isCommonPassword('Xuexi2026go')).toBe(false);
  });

  it('composition rule in the shared schema: 8-64, letters and digits, no spaces', () => {
    expect(newPasswordField.safeParse('abc12345').success).toBe(true);
    for (const bad of ['abc1234', 'abcdefgh', '12345678', 'abcd 1234', 'a1'.repeat(33)])
      expect(newPasswordField.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses passwords containing the phone or equal to the user name', () => {
    expect(() => assertPasswordAcceptable('x13800000001', { phone: '13800000001' })).toThrow('密码不能包含手机号');
    expect(() => assertPasswordAcceptable('Zhangsan01', { userName: 'zhangsan01' })).toThrow('密码不能与用户名相同');
    expect(() => assertPasswordAcceptable('Xuexi2026go', { phone: '13800000001', userName: 'zs' })).not.toThrow();
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Xuexi2026go');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'Xuexi2026go')).toBe(true);
    expect(await verifyPassword(hash, 'xuexi2026go')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyDummy('anything')).toBe(false);
  });
});
