import { describe, expect, it } from 'vitest';
import { ErrorCode, normalizeActivationCode } from '@eav/contract';
import { ApiError } from '@/lib/api-client';
import { codeCharacters, codeProblem, formatCodeInput, otherBookOf } from './activation-code';

describe('activation code input', () => {
  it('groups typed characters by four, upper-cased, ignoring separators', () => {
    expect(formatCodeInput('abcd efgh-jk')).toBe('ABCD-EFGH-JK');
    expect(formatCodeInput('ABCD')).toBe('ABCD');
    expect(formatCodeInput('ABCDE')).toBe('ABCD-E');
  });
  it('keeps at most 16 characters and drops punctuation and CJK', () => {
    expect(codeCharacters('ABCD-EFGH-JKMN-PQRS-TUVW')).toBe('ABCDEFGHJKMNPQRS');
    expect(formatCodeInput('激活 ab#cd')).toBe('ABCD');
  });
  it('the formatted value normalises back to what the server expects', () => {
    expect(normalizeActivationCode(formatCodeInput('abcdefghjkmnpqrs'))).toBe('ABCDEFGHJKMNPQRS');
  });
  it('reports missing and impossible characters', () => {
    expect(codeProblem('')).toBe('请输入激活码');
    expect(codeProblem('ABCD-EF')).toBe('激活码为 16 位，还差 10 位');
    expect(codeProblem('ABCDEFGHJKMNPQR0')).toMatch(/不含字符 0/);
    expect(codeProblem('abcd-efgh-jkmn-pqrs')).toBeNull();
  });
});

describe('otherBookOf', () => {
  const card = { id: 7, title: '义务教育教科书·物理八年级上册', coverUrl: '/covers/7.svg' };
  it('reads the other book from a 409 ACTIVATION.OTHER_BOOK answer', () => {
    expect(otherBookOf(new ApiError(409, ErrorCode.CODE_OTHER_BOOK, '该激活码不属于当前教材', card))).toEqual(card);
  });
  it('is null for every other failure and for a malformed answer', () => {
    expect(otherBookOf(new ApiError(422, ErrorCode.CODE_USED, '激活码已被使用', card))).toBeNull();
    expect(otherBookOf(new ApiError(409, ErrorCode.CODE_OTHER_BOOK, 'x', null))).toBeNull();
    expect(otherBookOf(new ApiError(409, ErrorCode.CODE_OTHER_BOOK, 'x', { id: '7' }))).toBeNull();
    expect(otherBookOf(new Error('network'))).toBeNull();
  });
});
