/** `POST /api/v1/teaching/classes` (role teacher): a new class with its join code. */
import { ApiPaths, type ClassCreateBody, type ClassSummary } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function createClass(body: ClassCreateBody): Promise<ClassSummary> {
  return apiPost<ClassSummary>(ApiPaths.teachingClasses, body, { silent: true });
}

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClass,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.classes() }),
  });
}
