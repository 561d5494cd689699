/** The answer logic of the answering screens and the autosave queue. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerKindOf,
  answerSummary,
  answeredCount,
  blankCountOf,
  formatDuration,
  isAnswered,
  percent,
  sameDraft,
  setBlank,
  toggleChoice,
} from './answers';
import { AutosaveQueue } from './autosave';

describe('answerKindOf', () => {
  it.each([
    [{ type: '单选题', options: [{}, {}] }, 'single'],
    [{ type: '多选题', options: [{}, {}] }, 'multiple'],
    [{ type: '填空题', options: null }, 'fill'],
    [{ type: '语法填空', options: [] }, 'fill'],
    [{ type: '解答题', options: null }, 'open'],
    [{ type: '作文' }, 'open'],
    [{ type: '解答题', options: null, kind: 'fill' }, 'fill'],
    [{ type: '多选题', options: null, kind: 'choice' }, 'multiple'],
  ])('%j → %s', (q, kind) => expect(answerKindOf(q)).toBe(kind));
});

describe('blankCountOf', () => {
  it('counts underscores, \\underline and empty brackets', () => {
    expect(blankCountOf('1+1=____，2+2=______')).toBe(2);
    expect(blankCountOf('$x=\\underline{\\quad}$ 且 （ ）')).toBe(2);
    expect(blankCountOf('求值 ( )')).toBe(1);
  });
  it('is at least 1, at most 20, and the server count wins', () => {
    expect(blankCountOf('没有空')).toBe(1);
    expect(blankCountOf('___ '.repeat(30))).toBe(20);
    expect(blankCountOf('____', 3)).toBe(3);
  });
});

describe('choices and blanks', () => {
  it('a single choice replaces, a multiple choice toggles sorted', () => {
    expect(toggleChoice(['A'], 'C', false)).toEqual(['C']);
    expect(toggleChoice(['C'], 'A', true)).toEqual(['A', 'C']);
    expect(toggleChoice(['A', 'C'], 'A', true)).toEqual(['C']);
  });
  it('setBlank pads to the blank count', () => {
    expect(setBlank(undefined, 1, 'x', 3)).toEqual(['', 'x', '']);
    expect(setBlank(['a', 'b'], 0, 'z', 2)).toEqual(['z', 'b']);
  });
  it('isAnswered per kind', () => {
    expect(isAnswered('single', { choices: [] })).toBe(false);
    expect(isAnswered('multiple', { choices: ['B'] })).toBe(true);
    expect(isAnswered('fill', { blanks: [' ', ''] })).toBe(false);
    expect(isAnswered('fill', { blanks: ['', '3'] })).toBe(true);
    expect(isAnswered('open', { text: '  ' })).toBe(false);
    expect(isAnswered('open', { imageUrl: '/uploads/a.webp' })).toBe(true);
    expect(isAnswered('open', undefined)).toBe(false);
  });
  it('answeredCount counts only answered questions', () => {
    const qs = [
      { id: 1, kind: 'single' as const },
      { id: 2, kind: 'fill' as const },
      { id: 3, kind: 'open' as const },
    ];
    expect(answeredCount(qs, { 1: { choices: ['A'] }, 2: { blanks: [''] } })).toBe(1);
  });
});

describe('display', () => {
  it('answerSummary', () => {
    expect(answerSummary({ choices: ['A', 'C'] })).toBe('A、C');
    expect(answerSummary({ blanks: ['0.5'] })).toBe('0.5');
    expect(answerSummary({ blanks: ['1', ''] })).toBe('(1) 1 (2) —');
    expect(answerSummary({ text: '见图', imageUrl: '/x.webp' })).toBe('见图 [图片]');
    expect(answerSummary({ imageUrl: '/x.webp' })).toBe('[图片]');
    expect(answerSummary(null)).toBe('未作答');
  });
  it('sameDraft ignores absent vs empty fields', () => {
    expect(sameDraft({ choices: ['A'] }, { choices: ['A'], blanks: [] })).toBe(true);
    expect(sameDraft({ text: 'a' }, { text: 'b' })).toBe(false);
  });
  it('formatDuration and percent', () => {
    expect(formatDuration(42)).toBe('42 秒');
    expect(formatDuration(125)).toBe('2 分 5 秒');
    expect(formatDuration(3720)).toBe('1 小时 2 分');
    expect(formatDuration(null)).toBe('—');
    expect(percent(0.666)).toBe('67%');
    expect(percent(undefined)).toBe('—');
  });
});

describe('AutosaveQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends only the latest draft after the quiet time', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const q = new AutosaveQueue({ save, delayMs: 1000 });
    q.change(1, { choices: ['A'] });
    await vi.advanceTimersByTimeAsync(500);
    q.change(1, { choices: ['B'] });
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(1, { choices: ['B'] });
    expect(q.state()).toBe('saved');
  });

  it('does not resend what the server holds', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const q = new AutosaveQueue({ save, delayMs: 10 });
    q.seed(1, { text: 'done' });
    q.change(1, { text: 'done' });
    await vi.advanceTimersByTimeAsync(50);
    expect(save).not.toHaveBeenCalled();
  });

  it('flush sends at once; a failure stays pending and flush rejects', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const states: string[] = [];
    const q = new AutosaveQueue({ save, delayMs: 60_000, onState: (s) => states.push(s) });
    q.change(2, { blanks: ['3'] });
    await expect(q.flush()).rejects.toThrow('有答案未能保存');
    expect(q.state()).toBe('error');
    await q.flush();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(2, { blanks: ['3'] });
    expect(q.state()).toBe('saved');
    expect(states).toContain('saving');
  });

  it('one save per question at a time, in order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const save = vi.fn((_id: number, d: { text?: string }) => {
      order.push(`start ${d.text}`);
      return d.text === 'a'
        ? new Promise<void>((r) => (release = () => (order.push('end a'), r())))
        : (order.push(`end ${d.text}`), Promise.resolve());
    });
    const q = new AutosaveQueue({ save, delayMs: 10 });
    q.change(3, { text: 'a' });
    await vi.advanceTimersByTimeAsync(10);
    q.change(3, { text: 'b' });
    await vi.advanceTimersByTimeAsync(10);
    expect(order).toEqual(['start a']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
