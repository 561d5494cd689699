/**
 * State of an answering screen, shared by desktop and H5: the drafts per question (seeded from the
 * server's saved answers), autosave through `AutosaveQueue`, the save state for the status line,
 * and `flush()` before submitting. Time spent per question is counted while it is the current one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerDraft } from '../lib/answers';
import { AutosaveQueue, type SaveState } from '../lib/autosave';

export interface AnswerSheetOptions {
  /** The answers the server holds, by question id. */
  initial: Readonly<Record<number, AnswerDraft | undefined>>;
  /** Sends one answer (with the seconds spent on it so far); rejects on failure. */
  save(questionId: number, draft: AnswerDraft, seconds: number): Promise<void>;
  /** False once submitted: changes are then ignored. */
  editable: boolean;
  delayMs?: number;
}

export function useAnswerSheet({ initial, save, editable, delayMs }: AnswerSheetOptions) {
  const [drafts, setDrafts] = useState<Record<number, AnswerDraft | undefined>>(initial);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const saveRef = useRef(save);
  saveRef.current = save;
  const seconds = useRef(new Map<number, number>());
  const current = useRef<{ id: number; since: number } | null>(null);

  const spent = useCallback((questionId: number) => {
    const base = seconds.current.get(questionId) ?? 0;
    const c = current.current;
    const running = c && c.id === questionId ? (Date.now() - c.since) / 1000 : 0;
    return Math.round(base + running);
  }, []);

  const queueRef = useRef<AutosaveQueue | null>(null);
  if (!queueRef.current) {
    queueRef.current = new AutosaveQueue({
      save: (id, draft) => saveRef.current(id, draft, spent(id)),
      delayMs,
      onState: setSaveState,
    });
    for (const [id, draft] of Object.entries(initial)) if (draft) queueRef.current.seed(Number(id), draft);
  }
  const queue = queueRef.current;
  useEffect(() => () => queue.dispose(), [queue]);

  const change = useCallback(
    (questionId: number, draft: AnswerDraft) => {
      if (!editable) return;
      setDrafts((d) => ({ ...d, [questionId]: draft }));
      queue.change(questionId, draft);
    },
    [editable, queue],
  );

  /** Marks `questionId` as the one on screen (time spent is counted for it). */
  const focus = useCallback((questionId: number) => {
    const c = current.current;
    if (c?.id === questionId) return;
    if (c) seconds.current.set(c.id, (seconds.current.get(c.id) ?? 0) + (Date.now() - c.since) / 1000);
    current.current = { id: questionId, since: Date.now() };
  }, []);

  const flush = useCallback(() => queue.flush(), [queue]);

  return { drafts, change, focus, flush, saveState, spent };
}

/** The status line under the answer sheet. */
export function saveStateText(state: SaveState): string {
  switch (state) {
    case 'waiting':
    case 'saving':
      return '正在保存…';
    case 'saved':
      return '答案已自动保存';
    case 'error':
      return '保存失败，将在下次修改时重试';
    default:
      return '作答会自动保存';
  }
}
