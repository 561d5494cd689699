/**
 * `POST /api/v1/teaching/classes/join` `{code}` (a student): joins at once or waits for the teacher
 * (`status`). Joining twice answers the same; a wrong or closed code answers 4xx with the reason.
 */
import { ApiPaths, type JoinClassResult } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function joinClass(code: string): Promise<JoinClassResult> {
  return apiPost<JoinClassResult>(ApiPaths.teachingJoin, { code: code.trim().toUpperCase() }, { silent: true });
}

export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.all }),
  });
}
