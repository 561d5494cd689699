import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes, escapes, neutralises formulas and starts with a BOM', () => {
    const out = toCsv(
      ['行号', '原因'],
      [
        [2, '不是合法的 JSON'],
        [3, '=HYPERLINK("x")'],
        [4, null],
      ],
    );
    expect(out.startsWith('\uFEFF"行号","原因"\r\n')).toBe(true);
    expect(out).toContain('"3","\'=HYPERLINK(""x"")"');
    expect(out).toContain('"4",""');
  });
});
