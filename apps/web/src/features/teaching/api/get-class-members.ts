/** `GET /api/v1/teaching/classes/{id}/members` (owner): active members and pending requests. */
import { ApiPaths, type ClassMemberList } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getClassMembers(id: number): Promise<ClassMemberList> {
  return apiGet<ClassMemberList>(ApiPaths.teachingClassMembers(id), undefined, { silent: true });
}

export const classMembersQueryOptions = (id: number) =>
  queryOptions({ queryKey: teachingKeys.members(id), queryFn: () => getClassMembers(id) });

export function useClassMembers(id: number | undefined) {
  return useQuery({ ...classMembersQueryOptions(id ?? 0), enabled: !!id });
}
