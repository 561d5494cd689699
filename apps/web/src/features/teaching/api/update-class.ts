/** `PATCH /api/v1/teaching/classes/{id}` (owner): rename, join mode, close joining, archive. */
import { ApiPaths, type ClassSummary, type ClassUpdateBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function updateClass(id: number, body: ClassUpdateBody): Promise<ClassSummary> {
  return request<ClassSummary>({ method: 'PATCH', url: ApiPaths.teachingClass(id), data: body, silent: true });
}

export function useUpdateClass(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassUpdateBody) => updateClass(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.classes() }),
  });
}
