import { describe, expect, it } from 'vitest';
import type { ChapterTreeNode } from '@eav/contract';
import { chapterPath, countsById, defaultChapter, flattenChapters } from './chapters';

const node = (id: number, children: ChapterTreeNode[] = []): ChapterTreeNode => ({
  id,
  title: `第${id}节`,
  page: id,
  questionCount: 0,
  children,
});
const TREE = [node(1, [node(2), node(3)]), node(4, [node(5, [node(6)])])];

describe('chapter helpers', () => {
  it('flattens in contents order', () => {
    expect(flattenChapters(TREE).map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('finds the path from the root', () => {
    expect(chapterPath(TREE, 6).map((n) => n.id)).toEqual([4, 5, 6]);
    expect(chapterPath(TREE, 1).map((n) => n.id)).toEqual([1]);
    expect(chapterPath(TREE, 99)).toEqual([]);
  });

  it('opens at the first leaf with resources, else any chapter with some, else the first', () => {
    expect(
      defaultChapter(
        TREE,
        countsById([
          { chapterId: 6, own: 2, total: 2 },
          { chapterId: 4, own: 0, total: 2 },
        ]),
      )?.id,
    ).toBe(6);
    expect(defaultChapter(TREE, countsById([{ chapterId: 4, own: 1, total: 1 }]))?.id).toBe(4);
    expect(defaultChapter(TREE, countsById([]))?.id).toBe(1);
    expect(defaultChapter([], countsById(undefined))).toBeUndefined();
  });
});
