/**
 * `POST /api/v1/textbooks/activation {code, textbookId?}`: redeems a 16-character code for the
 * logged-in user. With `textbookId` (the book whose dialog the code was typed into) a code of
 * another book is answered 409 ACTIVATION.OTHER_BOOK with that book, nothing redeemed; the dialog
 * asks and calls again with that book's id (docs/api.md, Activation). Errors ('激活码无效',
 * '激活码已被使用', '激活码已过期', 429 after too many wrong codes) come back as ApiError with the
 * server's Chinese msg; the dialog shows them inline, so the request is silent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, normalizeActivationCode, type ActivationBody, type ActivationResult } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export interface ActivateInput {
  code: string;
  /** The book the user means to activate; omitted: whichever book the code is for. */
  textbookId?: number | undefined;
}

export function activateTextbook({ code, textbookId }: ActivateInput): Promise<ActivationResult> {
  const body: ActivationBody = { code: normalizeActivationCode(code) };
  if (textbookId !== undefined) body.textbookId = textbookId;
  return apiPost<ActivationResult>(ApiPaths.textbookActivation, body, { silent: true });
}

/**
 * Mutation; on success every textbook query (detail access, my textbooks) and every lesson query
 * (whether the user may watch it) is refreshed.
 */
export function useActivateTextbook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateTextbook,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ['textbooks'] }), qc.invalidateQueries({ queryKey: ['videos'] })]),
  });
}
