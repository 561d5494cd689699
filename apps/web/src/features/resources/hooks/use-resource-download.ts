/**
 * Downloading a resource (docs/product.md §6: logged-in users; the access rule decides the rest):
 * logged out, the user is sent to log in and comes back; otherwise a signed URL is asked for and
 * followed. The server counts it once per user per day and refuses what the user may not have, with
 * a Chinese message the caller shows.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ResourceListItem } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { getResourceUrl } from '../api/get-resource-url';
import { startDownload } from '@/lib/download';

export interface DownloadOutcome {
  ok: boolean;
  /** What to tell the user (Chinese). */
  message: string;
  /** The user must log in first: where to come back to. */
  loginRedirect?: string;
}

export function useResourceDownload() {
  const loggedIn = useSession((s) => !!s.user);
  const qc = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function download(resource: Pick<ResourceListItem, 'id' | 'title'>): Promise<DownloadOutcome> {
    if (!loggedIn) return { ok: false, message: '请先登录后再下载资源', loginRedirect: currentFullPath() };
    setBusyId(resource.id);
    try {
      const grant = await getResourceUrl(resource.id, 'download');
      startDownload(grant.url, grant.fileName);
      void qc.invalidateQueries({ queryKey: ['resources', 'mine', 'downloads'] });
      return { ok: true, message: `已开始下载「${resource.title}」` };
    } catch (err) {
      return { ok: false, message: errorMessage(err) };
    } finally {
      setBusyId(null);
    }
  }

  return { download, busyId };
}
