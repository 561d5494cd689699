/** `GET /api/v1/console/mfa`: whether the console user has enrolled TOTP and the current login has passed it. */
import { ApiPaths, type ConsoleMfaState } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const MFA_STATE_KEY = ['console', 'mfa'] as const;

export const getMfaState = () => apiGet<ConsoleMfaState>(ApiPaths.consoleMfa, undefined, { silent: true });

export const mfaStateQueryOptions = () =>
  queryOptions({ queryKey: MFA_STATE_KEY, queryFn: getMfaState, retry: false, staleTime: 0 });

export function useMfaState(enabled: boolean) {
  return useQuery({ ...mfaStateQueryOptions(), enabled });
}
