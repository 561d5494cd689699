/**
 * Network-learning videos as other features use them (passed as plugin options from app.ts, e.g. to
 * training): a video's public description, and signed play URLs for a user whose right to watch
 * the caller has already decided (the same `/media/videos/{id}/…` URLs as `GET /api/v1/videos/{id}/play`).
 */
import type { Video } from '@eav/contract';
import type { Db } from '../../db/client';
import { signedQuery } from './access';
import { findVideo, isHttp, toVideo } from './content';

/** The video `id` as the catalogue shows it, or null when it does not exist. */
export async function describeVideo(db: Db, id: number): Promise<Video | null> {
  const row = await findVideo(db, id);
  return row ? toVideo(row) : null;
}

/**
 * Short-lived signed URLs of video `id` for user `uid` at `now` (ms), or null when the video does
 * not exist. Access rules of the catalogue are not applied here: the caller decides.
 */
export async function grantVideo(
  db: Db,
  secret: string,
  id: number,
  uid: number,
  now: number,
): Promise<{ video: Video; mp4Url: string; hlsUrl: string | null; expiresAt: string } | null> {
  const row = await findVideo(db, id);
  if (!row) return null;
  const { query, exp } = signedQuery(secret, 'video', row.id, uid, now);
  return {
    video: toVideo(row),
    mp4Url: isHttp(row.source) ? row.source : `/media/videos/${row.id}/video.mp4?${query}`,
    hlsUrl: row.hlsSource ? `/media/videos/${row.id}/index.m3u8?${query}` : null,
    expiresAt: new Date(exp).toISOString(),
  };
}
