/**
 * `POST /api/v1/textbooks/activation {code}`: redeems a 16-character code for the logged-in user.
 * Errors ('激活码无效', '激活码已被使用', '激活码已过期', 429 after too many wrong codes) come back
 * as ApiError with the server's Chinese msg; the dialog shows it inline, so the request is silent.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, normalizeActivationCode, type ActivationResult } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export function activateTextbook(code: string): Promise<ActivationResult> {
  return apiPost<ActivationResult>(
    ApiPaths.textbookActivation,
    { code: normalizeActivationCode(code) },
    { silent: true },
  );
}

/** Mutation; on success every textbook query (detail access, my textbooks) is refreshed. */
export function useActivateTextbook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateTextbook,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['textbooks'] }),
  });
}
