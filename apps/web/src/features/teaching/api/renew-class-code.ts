/** `POST /api/v1/teaching/classes/{id}/code` (owner): a new join code; the old one stops working. */
import { ApiPaths, type ClassSummary } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function renewClassCode(id: number): Promise<ClassSummary> {
  return apiPost<ClassSummary>(ApiPaths.teachingClassCode(id), undefined, { silent: true });
}

export function useRenewClassCode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => renewClassCode(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.classes() }),
  });
}
