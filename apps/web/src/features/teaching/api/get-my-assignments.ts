/** `GET /api/v1/users/{userId}/teaching/assignments?tab&classId&page&pageSize` (我的作业, own). */
import { ApiPaths, type AssignmentSummary, type MyAssignmentTab, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { teachingKeys } from './keys';

export interface MyAssignmentsParams {
  tab?: MyAssignmentTab;
  classId?: number;
  page?: number;
  pageSize?: number;
}

export function getMyAssignments(userId: number, params: MyAssignmentsParams): Promise<Paged<AssignmentSummary>> {
  return apiGet<Paged<AssignmentSummary>>(ApiPaths.userTeachingAssignments(userId), params, { silent: true });
}

export const myAssignmentsQueryOptions = (userId: number, params: MyAssignmentsParams) =>
  queryOptions({
    queryKey: teachingKeys.myAssignments(userId, params),
    queryFn: () => getMyAssignments(userId, params),
    placeholderData: keepPreviousData,
  });

/** The logged-in student's assignments; idle when logged out. */
export function useMyAssignments(params: MyAssignmentsParams, enabled = true) {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...myAssignmentsQueryOptions(userId ?? 0, params), enabled: enabled && userId != null });
}
