/** `POST /api/v1/teaching/classes/{id}/assignments` (owner): a reading, homework or resource assignment. */
import { ApiPaths, type AssignmentCreateBody, type AssignmentSummary } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { teachingKeys } from './keys';

/** The body before zod defaults are applied (what the form sends). */
export type AssignmentCreateInput = AssignmentCreateBody;

export function createAssignment(classId: number, body: AssignmentCreateInput): Promise<AssignmentSummary> {
  return apiPost<AssignmentSummary>(ApiPaths.teachingClassAssignments(classId), body, { silent: true });
}

export function useCreateAssignment(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignmentCreateInput) => createAssignment(classId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teachingKeys.classAssignments(classId) }),
  });
}
