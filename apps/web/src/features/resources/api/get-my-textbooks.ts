/** `GET /api/v1/users/{userId}/textbooks` (owner only): the books the user activated, for the book pickers. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, PAGE_SIZE_MAX, type MyTextbook, type Paged } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getMyTextbooks(userId: number): Promise<Paged<MyTextbook>> {
  return apiGet<Paged<MyTextbook>>(
    ApiPaths.userTextbooks(userId),
    { page: 1, pageSize: PAGE_SIZE_MAX },
    { silent: true },
  );
}

export const myBooksQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['textbooks', 'mine', userId, 'picker'], queryFn: () => getMyTextbooks(userId) });

/** The logged-in user's books (first 100); idle when logged out. */
export function useMyBooks() {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...myBooksQueryOptions(userId ?? 0), enabled: userId != null });
}
