/**
 * `GET ApiPaths.bindTicketProfile?ticket=` (any provider) → `{provider, profile, expiresAt}`: the
 * external profile the bind screens show, read without using the ticket up (docs/identity.md,
 * Binding). A dead ticket answers 400 with the reason, which the screens show.
 */
import { ApiPaths, type BindTicketProfileData } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getBindProfile(ticket: string): Promise<BindTicketProfileData> {
  return apiGet<BindTicketProfileData>(ApiPaths.bindTicketProfile, { ticket }, { silent: true });
}

export const bindProfileQueryOptions = (ticket: string) =>
  queryOptions({
    queryKey: ['identity', 'bind-profile', ticket],
    queryFn: () => getBindProfile(ticket),
    retry: false,
    staleTime: 60_000,
  });

/**
 * `frozen`: the ticket is being used up (a binding is under way); the answer already shown stays
 * and is never fetched again, since a spent ticket would only answer 400.
 */
export function useBindProfile(ticket: string | null | undefined, frozen = false) {
  return useQuery({ ...bindProfileQueryOptions(ticket ?? ''), enabled: !!ticket && !frozen });
}
