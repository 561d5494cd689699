/**
 * `PATCH /api/v1/teaching/classes/{id}/members/{userId}` `{status:'active'}` (owner): approves a
 * pending request; `DELETE` of the same path removes the member (or the request).
 */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, request } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function approveMember(classId: number, userId: number): Promise<unknown> {
  return request({
    method: 'PATCH',
    url: ApiPaths.teachingClassMember(classId, userId),
    data: { status: 'active' },
    silent: true,
  });
}

export function removeMember(classId: number, userId: number): Promise<unknown> {
  return apiDelete(ApiPaths.teachingClassMember(classId, userId), { silent: true });
}

/** Approve or remove; both refresh the member list and the class counts. */
export function useMemberAction(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: { userId: number; action: 'approve' | 'remove' }) =>
      action === 'approve' ? approveMember(classId, userId) : removeMember(classId, userId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teachingKeys.members(classId) }),
        queryClient.invalidateQueries({ queryKey: teachingKeys.classes() }),
      ]),
  });
}
