/** Draft ↔ response mapping, chapter page ranges, grade texts and the datetime-local helpers. */
import type { ChapterTreeNode } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import {
  answerKeyText,
  chapterPageRange,
  dueHint,
  formatScore,
  fromResponse,
  gradeText,
  itemKind,
  joinLink,
  toResponse,
} from './responses';
import { defaultDue, fromLocalInput, toLocalInput } from './time';

const node = (id: number, page: number | null, children: ChapterTreeNode[] = []): ChapterTreeNode => ({
  id,
  title: `第${id}章`,
  page,
  questionCount: 0,
  children,
});

describe('items and responses', () => {
  it('itemKind follows the grading mode; 多选题 takes several keys', () => {
    expect(itemKind({ grading: 'choice', type: '单选题' })).toBe('single');
    expect(itemKind({ grading: 'choice', type: '多选题' })).toBe('multiple');
    expect(itemKind({ grading: 'fill', type: '填空题' })).toBe('fill');
    expect(itemKind({ grading: 'open', type: '解答题' })).toBe('open');
  });
  it('round-trips drafts through responses', () => {
    expect(toResponse('multiple', { choices: ['C', 'A'] })).toEqual({ kind: 'choice', keys: ['A', 'C'] });
    expect(toResponse('fill', { blanks: ['1/2'] })).toEqual({ kind: 'fill', blanks: ['1/2'] });
    expect(toResponse('open', { text: '解：', imageUrl: '/u/a.webp' })).toEqual({
      kind: 'open',
      text: '解：',
      images: ['/u/a.webp'],
    });
    expect(toResponse('open', {})).toEqual({ kind: 'open', text: '', images: [] });
    expect(fromResponse({ kind: 'open', text: 'x', images: [] })).toEqual({ text: 'x', imageUrl: null });
    expect(fromResponse({ kind: 'choice', keys: ['B'] })).toEqual({ choices: ['B'] });
    expect(fromResponse(null)).toBeUndefined();
  });
});

describe('chapterPageRange', () => {
  const tree = [node(1, 1, [node(11, 1), node(12, 6)]), node(2, 15, [node(21, 15)]), node(3, null)];
  it('runs to the page before the next chapter that starts later', () => {
    expect(chapterPageRange(tree, 11)).toEqual({ pageFrom: 1, pageTo: 5 });
    expect(chapterPageRange(tree, 12)).toEqual({ pageFrom: 6, pageTo: 14 });
    expect(chapterPageRange(tree, 1)).toEqual({ pageFrom: 1, pageTo: 14 });
  });
  it('gives the last chapter 10 pages and a chapter without a page nothing', () => {
    expect(chapterPageRange(tree, 21)).toEqual({ pageFrom: 15, pageTo: 24 });
    expect(chapterPageRange(tree, 3)).toBeNull();
    expect(chapterPageRange(tree, 99)).toBeNull();
  });
});

describe('texts', () => {
  it('gradeText', () => {
    expect(gradeText({ correct: true, score: 5, gradedBy: 'auto' }, false)).toEqual({
      text: '回答正确 · 5 分',
      tone: 'right',
    });
    expect(gradeText({ correct: false, score: 0, gradedBy: 'auto' }, true)?.tone).toBe('wrong');
    expect(gradeText({ correct: null, score: null, gradedBy: null }, false)).toBeNull();
    expect(gradeText(undefined, true)).toEqual({ text: '待老师批改', tone: 'pending' });
  });
  it('answerKeyText, formatScore, dueHint, joinLink', () => {
    expect(answerKeyText(['A', 'C'])).toBe('A、C');
    expect(answerKeyText(['1/2', '3'])).toBe('(1) 1/2  (2) 3');
    expect(answerKeyText(null)).toBeNull();
    expect(formatScore(7.25)).toBe('7.3');
    expect(formatScore(null)).toBe('—');
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(dueHint('2026-11-23T11:00:00Z', now)).toBe('已截止');
    expect(dueHint('2026-11-23T15:00:00Z', now)).toBe('还剩 3 小时');
    expect(dueHint('2026-11-26T12:00:00Z', now)).toBe('还剩 3 天');
    expect(joinLink('7K3MQA', 'https://x.cn/')).toBe('https://x.cn/#/mobileH5/joinClass?code=7K3MQA');
  });
  it('datetime-local values', () => {
    const d = new Date(2026, 10, 23, 9, 5);
    expect(toLocalInput(d)).toBe('2026-11-23T09:05');
    expect(fromLocalInput('2026-11-23T09:05')).toBe(d.toISOString());
    expect(fromLocalInput('')).toBeUndefined();
    expect(defaultDue(d)).toBe('2026-11-25T21:00');
  });
});
