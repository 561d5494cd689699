/** `POST /api/v1/training/courses/{id}/enrolment` (a teacher): enrols; enrolling again answers the same. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function enrol(id: number): Promise<{ id: number }> {
  return apiPost<{ id: number }>(ApiPaths.trainingEnrol(id), undefined, { silent: true });
}

export function useEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrol,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingKeys.userAll }),
  });
}
