/**
 * 我的资源 lists (owner only): `GET /api/v1/users/{userId}/resource-downloads`, `…/resource-favorites`
 * and `…/resource-uploads`, each paged, latest first.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ApiPaths,
  type MyResourceDownload,
  type MyResourceFavorite,
  type MyResourceUpload,
  type Paged,
} from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export const MY_RESOURCES_PAGE_SIZE = 10;

export type MyResourceList = 'downloads' | 'favorites' | 'uploads';
type Entry<L extends MyResourceList> = L extends 'downloads'
  ? MyResourceDownload
  : L extends 'favorites'
    ? MyResourceFavorite
    : MyResourceUpload;

const PATH: Record<MyResourceList, (userId: number) => string> = {
  downloads: ApiPaths.userResourceDownloads,
  favorites: ApiPaths.userResourceFavorites,
  uploads: ApiPaths.userResourceUploads,
};

export function getMyResources<L extends MyResourceList>(
  list: L,
  userId: number,
  page: number,
  pageSize = MY_RESOURCES_PAGE_SIZE,
): Promise<Paged<Entry<L>>> {
  return apiGet<Paged<Entry<L>>>(PATH[list](userId), { page, pageSize }, { silent: true });
}

export const myResourcesQueryOptions = <L extends MyResourceList>(list: L, userId: number, page: number) =>
  queryOptions({
    queryKey: ['resources', 'mine', list, userId, page],
    queryFn: () => getMyResources(list, userId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** One page of one of my lists; idle when logged out. */
export function useMyResources<L extends MyResourceList>(list: L, page: number) {
  const userId = useSession((s) => s.user?.userId);
  return useQuery({ ...myResourcesQueryOptions(list, userId ?? 0, page), enabled: userId != null });
}
