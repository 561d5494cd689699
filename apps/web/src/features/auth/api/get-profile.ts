/**
 * `GET ApiPaths.user(userId)` right after login (spec 7: the response, with the avatar and further
 * profile fields, is saved locally as `userInfo` and merged into the stored user).
 */
import { ApiPaths, type UserProfile } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function getProfile(userId: number): Promise<UserProfile> {
  return apiGet<UserProfile>(ApiPaths.user(userId), undefined, { silent: true });
}
