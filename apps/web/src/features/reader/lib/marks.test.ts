import type { ReaderMark, ReaderMarksData } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import {
  newMarkId,
  bookmarkBody,
  bookmarkOf,
  editedBody,
  groupMarks,
  highlightBody,
  markLabel,
  noteBody,
  optimisticMark,
  removeMark,
  upsertMark,
} from './marks';

const NOW = new Date('2026-09-01T00:00:00.000Z');
const anchor = (start: number, quote = '光合作用') => ({
  quote,
  prefix: '',
  suffix: '',
  start,
  end: start + quote.length,
});

let seq = 0;
function mark(partial: Partial<ReaderMark> & Pick<ReaderMark, 'kind' | 'page'>): ReaderMark {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    textbookId: 7,
    color: null,
    anchor: null,
    note: null,
    createdAt: `2026-09-01T00:00:${String(seq).padStart(2, '0')}.000Z`,
    updatedAt: NOW.toISOString(),
    clientUpdatedAt: NOW.toISOString(),
    deletedAt: null,
    ...partial,
  };
}

describe('bodies', () => {
  it('builds the three kinds with the edit time and an anchor without its page', () => {
    expect(bookmarkBody(3, NOW)).toEqual({
      kind: 'bookmark',
      page: 3,
      color: null,
      anchor: null,
      note: null,
      clientUpdatedAt: NOW.toISOString(),
    });
    const h = highlightBody(2, { ...anchor(4), page: 2 } as never, 'pink', null, NOW);
    expect(h).toMatchObject({ kind: 'highlight', color: 'pink', anchor: anchor(4) });
    expect(h.anchor).not.toHaveProperty('page');
    expect(noteBody(2, null, '复习', NOW)).toMatchObject({ kind: 'note', anchor: null, note: '复习' });
  });

  it('edits keep the rest of the mark; an emptied note becomes null', () => {
    const m = mark({ kind: 'highlight', page: 1, color: 'yellow', anchor: anchor(0), note: '旧' });
    expect(editedBody(m, { color: 'blue' }, NOW)).toMatchObject({ color: 'blue', note: '旧', anchor: anchor(0) });
    expect(editedBody(m, { note: '' }, NOW).note).toBeNull();
  });
});

describe('cache updates', () => {
  const data: ReaderMarksData = { items: [], syncedAt: NOW.toISOString() };

  it('adds, replaces and removes by id, keeping the creation time of a replaced mark', () => {
    const first = optimisticMark(7, 'a', noteBody(1, null, '一', NOW));
    const added = upsertMark(data, first);
    expect(added.items).toHaveLength(1);
    const later = new Date(NOW.getTime() + 1000);
    const edited = optimisticMark(7, 'a', noteBody(1, null, '二', later), first);
    const replaced = upsertMark(added, edited);
    expect(replaced.items).toEqual([{ ...edited, createdAt: first.createdAt }]);
    expect(removeMark(replaced, 'a').items).toEqual([]);
  });

  it('finds the bookmark of a page', () => {
    const b = mark({ kind: 'bookmark', page: 4 });
    expect(bookmarkOf([mark({ kind: 'note', page: 4, note: 'x' }), b], 4)).toBe(b);
    expect(bookmarkOf([b], 5)).toBeUndefined();
    expect(bookmarkOf([b], null)).toBeUndefined();
  });
});

describe('groupMarks', () => {
  const note = mark({ kind: 'note', page: 5, note: '页' });
  const late = mark({ kind: 'highlight', page: 5, color: 'green', anchor: anchor(30) });
  const early = mark({ kind: 'highlight', page: 5, color: 'yellow', anchor: anchor(2) });
  const bookmark = mark({ kind: 'bookmark', page: 5 });
  const p2 = mark({ kind: 'bookmark', page: 2 });
  const p9 = mark({ kind: 'note', page: 9, note: 'n' });

  it('groups by page in page order: bookmark, passages by start, page notes', () => {
    const groups = groupMarks([note, late, p9, early, bookmark, p2]);
    expect(groups.map((g) => g.title)).toEqual(['第 2 页', '第 5 页', '第 9 页']);
    expect(groups[1]!.marks).toEqual([bookmark, early, late, note]);
  });

  it('groups by chapter when the book has a chapter tree', () => {
    const chapters = [
      { title: '第一章', page: 3, children: [{ title: '1.1 集合', page: 4, children: [] }] },
      { title: '第二章', page: 8, children: [] },
    ];
    const groups = groupMarks([p2, note, p9, bookmark], chapters);
    expect(groups.map((g) => [g.title, g.marks.length])).toEqual([
      ['第 2 页', 1],
      ['1.1 集合', 2],
      ['第二章', 1],
    ]);
  });

  it('names marks by kind and colour', () => {
    expect(markLabel(early)).toBe('黄色划线');
    expect(markLabel(bookmark)).toBe('书签');
    expect(markLabel(note)).toBe('笔记');
  });
});

describe('newMarkId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a version-4 UUID, also where randomUUID is missing (plain http)', () => {
    expect(newMarkId()).toMatch(UUID_V4);
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const ids = new Set(Array.from({ length: 200 }, () => newMarkId()));
      expect(ids.size).toBe(200);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true, writable: true });
    }
  });
});
