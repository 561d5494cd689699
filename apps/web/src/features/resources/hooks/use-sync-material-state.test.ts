import { describe, expect, it } from 'vitest';
import { parseSyncMaterialState, serializeSyncMaterialState } from './use-sync-material-state';

describe('同步资源 URL state', () => {
  it('round-trips through the query', () => {
    const q = new URLSearchParams(
      'stageId=2&subjectId=7&textbookId=12&chapterId=300&type=exercise&sort=downloads&page=3',
    );
    const s = parseSyncMaterialState(q);
    expect(s).toEqual({
      book: { stage: 2, subject: 7 },
      textbookId: 12,
      chapterId: 300,
      type: 'exercise',
      sort: 'downloads',
      page: 3,
    });
    expect(parseSyncMaterialState(serializeSyncMaterialState(s))).toEqual(s);
  });

  it('ignores bad values', () => {
    expect(parseSyncMaterialState(new URLSearchParams('textbookId=-1&chapterId=abc&type=virus&sort=x&page=0'))).toEqual(
      {
        book: {},
        textbookId: undefined,
        chapterId: undefined,
        type: undefined,
        sort: 'newest',
        page: 1,
      },
    );
  });
});
