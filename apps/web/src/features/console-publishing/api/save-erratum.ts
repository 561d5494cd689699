/** `POST …/publishing/errata` (publish) or `PUT …/errata/{id}` (edit). */
import { ApiPaths, type Erratum, type ErratumBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '@/lib/api-client';
import { ERRATA_KEY } from './keys';

export const saveErratum = ({ id, body }: { id: number | null; body: ErratumBody }) =>
  id === null
    ? apiPost<Erratum>(ApiPaths.adminPublishingErrata, body, { silent: true })
    : apiPut<Erratum>(ApiPaths.adminPublishingErratum(id), body, { silent: true });

export function useSaveErratum() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveErratum, onSuccess: () => qc.invalidateQueries({ queryKey: ERRATA_KEY }) });
}
