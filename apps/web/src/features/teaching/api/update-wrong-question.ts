/** `PATCH /api/v1/users/{userId}/wrong-questions/{id}` `{mastered}` (own): mark an entry mastered or not. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function updateWrongQuestion(userId: number, id: number, mastered: boolean): Promise<unknown> {
  return request({ method: 'PATCH', url: ApiPaths.userWrongQuestion(userId, id), data: { mastered }, silent: true });
}

export function useUpdateWrongQuestion(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, mastered }: { id: number; mastered: boolean }) => updateWrongQuestion(userId, id, mastered),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...teachingKeys.all, 'wrong'] }),
  });
}
