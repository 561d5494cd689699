/**
 * `GET ApiPaths.classServerKey(userId)?keyType=default|url` (owner, teachers) → `{key, expiresAt,
 * url}`: the class-server address with the user's id, name and phone encrypted by the server
 * (JWE, RSA-OAEP-256; valid for at most 60 s and single-use; docs/identity.md, Class server).
 * 400 '请绑定手机号' when the user has no phone. Silent: the jump shows the message itself.
 */
import { ApiPaths, type ClassServerKeyData } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export type ClassServerKeyType = 'default' | 'url';

export function getClassServerKey(userId: number, keyType: ClassServerKeyType): Promise<ClassServerKeyData> {
  return apiGet<ClassServerKeyData>(ApiPaths.classServerKey(userId), { keyType }, { silent: true });
}
