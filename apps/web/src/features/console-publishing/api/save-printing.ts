/** `POST …/publishing/printings` (record) or `PUT …/printings/{id}` (edit). */
import { ApiPaths, type AdminPrintingRow, type PrintingBody } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '@/lib/api-client';
import { PRINTINGS_KEY } from './keys';

export const savePrinting = ({ id, body }: { id: number | null; body: PrintingBody }) =>
  id === null
    ? apiPost<AdminPrintingRow>(ApiPaths.adminPublishingPrintings, body, { silent: true })
    : apiPut<AdminPrintingRow>(ApiPaths.adminPublishingPrinting(id), body, { silent: true });

export function useSavePrinting() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: savePrinting, onSuccess: () => qc.invalidateQueries({ queryKey: PRINTINGS_KEY }) });
}
