/** `POST …/publishing/announcements` (create) or `PUT …/announcements/{id}` (edit, publish, take down). */
import { ApiPaths, type AnnouncementBody, type AnnouncementDetail } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '@/lib/api-client';
import { ANNOUNCEMENTS_KEY } from './keys';

export const saveAnnouncement = ({ id, body }: { id: number | null; body: AnnouncementBody }) =>
  id === null
    ? apiPost<AnnouncementDetail>(ApiPaths.adminPublishingAnnouncements, body, { silent: true })
    : apiPut<AnnouncementDetail>(ApiPaths.adminPublishingAnnouncement(id), body, { silent: true });

export function useSaveAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: () => qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}
