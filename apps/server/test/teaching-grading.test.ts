/**
 * Automatic grading of choice and fill-in answers (docs/teaching.md, Grading): a table of
 * normalisation cases, properties of the normaliser and of numeric equivalence (fast-check), and
 * the scores of choice, multiple-choice and multi-blank items.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoGrade, choiceKeys, fillEquals, gradingModeOf, normaliseFill } from '../src/features/teaching/grading';

describe('fill-in normalisation', () => {
  it.each([
    // [student, expected answer, equal?]
    ['0.5', '1/2', true],
    ['.50', '1/2', true],
    ['50%', '0.5', true],
    ['１／２', '0.5', true], // full-width digits and slash
    ['$\\frac{1}{2}$', '0.5', true],
    ['\\dfrac{3}{4}', '0.75', true],
    ['-\\frac{1}{2}', '-0.5', true],
    ['2/4', '1/2', true],
    ['3.', '3', true],
    ['+3', '3', true],
    ['0.3333', '1/3', false],
    ['1/0', '0', false],
    ['Ｘ ＝ ２', 'x=2', true], // full-width letters, spaces, case
    ['x = 2 。', 'x=2', true],
    ['$x^{2}+y^{2}=2$', 'x^{2} + y^{2} = 2', true],
    ['２＋√５', '2+√5', true],
    ['3', '4', false],
    ['', '0', false],
    ['   ', '', false],
    ['abc', 'abd', false],
    ['1,000', '1000', false], // a thousands separator is not read as a number
  ])('%j vs %j → %s', (given, expected, equal) => {
    expect(fillEquals(given, expected)).toBe(equal);
  });

  it('is idempotent and removes all white space', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const n = normaliseFill(s);
        expect(normaliseFill(n)).toBe(n);
        expect(/\s/.test(n)).toBe(false);
      }),
    );
  });

  it('treats full-width forms and spacing like their half-width forms', () => {
    const toFullWidth = (s: string) =>
      [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-zA-Z+\-=()]{1,12}$/), (s) => {
        expect(fillEquals(toFullWidth(s), s)).toBe(true);
        expect(fillEquals(` ${s.split('').join(' ')} `, s)).toBe(true);
      }),
    );
  });

  it('equates a fraction, its decimal and its percentage exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -999, max: 999 }), fc.constantFrom(1, 2, 4, 5, 8, 10, 20, 25, 50), (n, d) => {
        // d divides a power of ten, so n/d has a finite decimal form.
        const decimal = String(n / d);
        expect(fillEquals(decimal, `${n}/${d}`)).toBe(true);
        expect(fillEquals(`${(n * 100) / d}%`, `${n}/${d}`)).toBe(true);
        expect(fillEquals(`${n + 1}/${d}`, `${n}/${d}`)).toBe(false);
      }),
    );
  });
});

describe('grading of items', () => {
  const item = (answer: string | string[], grading: 'choice' | 'fill' | 'open', maxScore = 6) => ({
    grading,
    maxScore,
    question: { answer },
  });

  it('grades a single choice all or nothing', () => {
    expect(autoGrade(item('B', 'choice'), { kind: 'choice', keys: ['B'] })).toEqual({ correct: true, score: 6 });
    expect(autoGrade(item('B', 'choice'), { kind: 'choice', keys: ['A'] })).toEqual({ correct: false, score: 0 });
    expect(autoGrade(item('B', 'choice'), null)).toEqual({ correct: false, score: 0 });
  });

  it('grades a multiple choice by the whole key set', () => {
    expect(choiceKeys(['C', 'A'])).toEqual(['A', 'C']);
    expect(choiceKeys('ＡＣ')).toEqual(['A', 'C']);
    expect(autoGrade(item(['A', 'C'], 'choice'), { kind: 'choice', keys: ['C', 'A'] })!.correct).toBe(true);
    expect(autoGrade(item(['A', 'C'], 'choice'), { kind: 'choice', keys: ['A'] })).toEqual({
      correct: false,
      score: 0,
    });
  });

  it('gives a share of the score per right blank', () => {
    const two = item(['1/2', 'x=3'], 'fill', 6);
    expect(autoGrade(two, { kind: 'fill', blanks: ['0.5', 'X = 3'] })).toEqual({ correct: true, score: 6 });
    expect(autoGrade(two, { kind: 'fill', blanks: ['0.5', '4'] })).toEqual({ correct: false, score: 3 });
    expect(autoGrade(two, { kind: 'fill', blanks: [] })).toEqual({ correct: false, score: 0 });
  });

  it('leaves open items to the teacher', () => {
    expect(autoGrade(item('text', 'open'), { kind: 'open', text: 'x', images: [] })).toBeNull();
  });

  it('decides the grading mode from the question type', () => {
    const opts = [{ key: 'A', text: '1' }];
    expect(gradingModeOf({ type: '单选题', options: opts })).toBe('choice');
    expect(gradingModeOf({ type: '多选题', options: opts })).toBe('choice');
    expect(gradingModeOf({ type: '单选题', options: null })).toBe('open');
    expect(gradingModeOf({ type: '填空题', options: null })).toBe('fill');
    expect(gradingModeOf({ type: '解答题', options: null })).toBe('open');
  });
});
