/** `GET ApiPaths.checkMobile?phone=P` → `{registered}` (issue 3; rate-limited on the server). */
import { ApiPaths, type CheckMobileData } from '@eav/contract';
import { apiGet } from '@/lib/api-client';

export function checkMobile(phone: string): Promise<CheckMobileData> {
  return apiGet<CheckMobileData>(ApiPaths.checkMobile, { phone }, { silent: true });
}
