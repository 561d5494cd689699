/** `GET /api/v1/teaching/classes`: the teacher's own classes, or the classes a student is in (pending ones too). */
import { ApiPaths, type ClassList, type ClassStatus } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getClasses(status?: ClassStatus): Promise<ClassList> {
  return apiGet<ClassList>(ApiPaths.teachingClasses, { status }, { silent: true });
}

export const classesQueryOptions = () =>
  queryOptions({ queryKey: teachingKeys.classes(), queryFn: () => getClasses() });

/** Idle when logged out. */
export function useClasses(enabled = true) {
  return useQuery({ ...classesQueryOptions(), enabled });
}
