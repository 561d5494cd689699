import { describe, expect, it } from 'vitest';
import { normalizeActivationCode } from '@eav/contract';
import { codeCharacters, codeProblem, formatCodeInput } from './activation-code';

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
