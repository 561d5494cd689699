/**
 * A student's work on one assignment, shared by the desktop and H5 answering screens: the work
 * from the server, the answer sheet with autosave (`PUT …/submission/answers`), the latest grade of each
 * answered item (choice answers come back graded at once), photo upload, and an idempotent submit
 * (one request id per screen, the answers flushed first).
 */
import type { AnswerGrade, SubmissionDetail } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useMyWork } from '../api/get-my-work';
import { teachingKeys } from '../api/keys';
import { saveAnswers } from '../api/save-answers';
import { useSubmitWork } from '../api/submit-work';
import { uploadAnswerImage } from '../api/upload-answer-image';
import type { AnswerDraft, AnswerKind } from '../lib/answers';
import { draftsOf, itemKind, toAnswerQuestion, toResponse } from '../lib/responses';
import type { AnswerQuestion } from '../components/common/question-text';
import { useAnswerSheet } from './use-answer-sheet';

export interface WorkItem {
  question: AnswerQuestion;
  kind: AnswerKind;
  position: number;
  answer: string | string[] | null;
  analysis: string | null;
}

function gradesOf(work: SubmissionDetail): Record<number, AnswerGrade> {
  return Object.fromEntries(work.answers.map((a) => [a.itemId, a.grade]));
}

/** The loaded part: call only once `work` is there (the sheet is seeded from it). */
export function useWorkAnswers(assignmentId: number, work: SubmissionDetail) {
  const queryClient = useQueryClient();
  const [grades, setGrades] = useState<Record<number, AnswerGrade>>(() => gradesOf(work));
  const items: WorkItem[] = useMemo(
    () =>
      [...work.assignment.questions]
        .sort((a, b) => a.position - b.position)
        .map((q) => ({
          question: toAnswerQuestion(q),
          kind: itemKind(q),
          position: q.position,
          answer: q.answer,
          analysis: q.analysis,
        })),
    [work.assignment.questions],
  );
  const kinds = useMemo(() => new Map(items.map((i) => [i.question.id, i.kind])), [items]);
  const initial = useMemo(() => draftsOf(work.answers), [work.answers]);
  const sentSeconds = useRef(new Map<number, number>());

  const save = useCallback(
    async (itemId: number, draft: AnswerDraft, seconds: number) => {
      const kind = kinds.get(itemId) ?? 'open';
      // The server adds the seconds up, so only the time since the last save goes.
      const delta = Math.max(0, Math.min(3600, seconds - (sentSeconds.current.get(itemId) ?? 0)));
      const next = await saveAnswers(assignmentId, {
        answers: [{ itemId, response: toResponse(kind, draft), timeSpentSeconds: delta }],
      });
      sentSeconds.current.set(itemId, seconds);
      const grade = next.answers.find((a) => a.itemId === itemId)?.grade;
      if (grade) setGrades((g) => ({ ...g, [itemId]: grade }));
    },
    [assignmentId, kinds],
  );

  const sheet = useAnswerSheet({ initial, save, editable: work.canSubmit });
  const submit = useSubmitWork(assignmentId);
  const requestId = useRef(
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );

  /** Flushes the answers, then submits; resolves to the submitted work (grades refreshed). */
  const submitAll = useCallback(async () => {
    await sheet.flush();
    const done = await submit.mutateAsync(requestId.current);
    setGrades(gradesOf(done));
    return done;
  }, [sheet, submit]);

  const upload = useCallback(
    async (file: File) => (await uploadAnswerImage(assignmentId, file, file.name || 'answer.jpg')).url,
    [assignmentId],
  );

  /** After a submit: load the work again (e.g. answers now visible). */
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: teachingKeys.work(assignmentId) }),
    [queryClient, assignmentId],
  );

  return { items, grades, sheet, submitAll, submitting: submit.isPending, upload, refresh };
}

/** The work query of the answering screens. */
export function useWork(assignmentId: number | undefined) {
  return useMyWork(assignmentId);
}
