import { describe, expect, it } from 'vitest';
import { answerText } from './answer';

describe('answerText', () => {
  it('joins choice keys and numbers longer answers', () => {
    expect(answerText('C')).toBe('C');
    expect(answerText(['A', 'C'])).toBe('A、C');
    expect(answerText(['$x=1$', '$y=2$'])).toBe('(1) $x=1$\n\n(2) $y=2$');
  });
});
