/** `GET /api/v1/admin/publishing/announcements/{id}`: one announcement with its Markdown body (drafts too). */
import { ApiPaths, type AnnouncementDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ANNOUNCEMENTS_KEY } from './keys';

export const getAnnouncement = (id: number) =>
  apiGet<AnnouncementDetail>(ApiPaths.adminPublishingAnnouncement(id), undefined, { silent: true });

export const announcementQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...ANNOUNCEMENTS_KEY, 'one', id], queryFn: () => getAnnouncement(id), staleTime: 0 });

/** The announcement `id`; idle while `id` is null (a new one). */
export function useAnnouncement(id: number | null) {
  return useQuery({ ...announcementQueryOptions(id ?? 0), enabled: id !== null });
}
