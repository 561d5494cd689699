/**
 * The reader's marks of one book for its UI (desktop and H5 alike): the live list, and the edits as
 * single calls (new marks get a client UUID, every edit `clientUpdatedAt` = now). Edits show at
 * once (optimistic cache updates) and report a failure through `onError` with a Chinese message.
 * A visitor (not logged in) gets an empty list and no requests.
 */
import type { ReaderMark, ReaderMarkAnchor, ReaderMarkColor } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { useDeleteMark } from '../api/delete-mark';
import { useMarks } from '../api/get-marks';
import { usePutMark } from '../api/put-mark';
import { bookmarkBody, bookmarkOf, editedBody, highlightBody, newMarkId, noteBody } from '../lib/marks';

const NO_MARKS: readonly ReaderMark[] = [];
const SAVE_FAILED = '保存失败，请稍后重试';

export interface ReaderMarks {
  /** Marks need an account: false for a visitor, whose controls stay disabled with a hint. */
  loggedIn: boolean;
  /** The book's live marks (empty while loading, for a visitor, or after a failed load). */
  marks: readonly ReaderMark[];
  /** The list is loading for the first time. */
  loading: boolean;
  /** Loading the list failed; `retry` asks again. */
  failed: boolean;
  retry(): void;
  /** Adds a bookmark to `page`, or removes the one it has. */
  toggleBookmark(page: number): void;
  /** Highlights a passage of `page` in `color`. */
  addHighlight(page: number, anchor: ReaderMarkAnchor, color: ReaderMarkColor): void;
  /** Adds a note to `page`, on a passage when `anchor` is given. */
  addNote(page: number, anchor: ReaderMarkAnchor | null, note: string): void;
  /** Changes a mark's colour or note (an empty note removes a highlight's note). */
  edit(mark: ReaderMark, change: { color?: ReaderMarkColor; note?: string | null }): void;
  /** Deletes a mark. */
  remove(mark: ReaderMark): void;
}

/** The marks of book `bookId`; `onError` shows a failed edit's message (the calls are silent). */
export function useReaderMarks(bookId: number, onError: (message: string) => void): ReaderMarks {
  const loggedIn = useSession((s) => !!s.user);
  const query = useMarks(bookId);
  const put = usePutMark(bookId);
  const del = useDeleteMark(bookId);
  const marks = query.data?.items ?? NO_MARKS;
  const fail = { onError: (e: unknown) => onError(errorMessage(e, SAVE_FAILED)) };
  const store = (id: string, body: Parameters<typeof put.mutate>[0]['body']) => put.mutate({ id, body }, fail);

  return {
    loggedIn,
    marks,
    loading: loggedIn && query.isPending,
    failed: query.isError,
    retry: () => void query.refetch(),
    toggleBookmark(page) {
      const bookmark = bookmarkOf(marks, page);
      if (bookmark) del.mutate(bookmark.id, fail);
      else store(newMarkId(), bookmarkBody(page));
    },
    addHighlight: (page, anchor, color) => store(newMarkId(), highlightBody(page, anchor, color)),
    addNote: (page, anchor, note) => store(newMarkId(), noteBody(page, anchor, note)),
    edit: (mark, change) => store(mark.id, editedBody(mark, change)),
    remove: (mark) => del.mutate(mark.id, fail),
  };
}
