/** `POST /api/v1/admin/training/certificates/{code}/revoke` `{reason}` (idempotent). */
import { ApiPaths, type TrainingVerifyResult } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { TRAINING_KEY } from './get-courses';

export const revokeCertificate = ({ code, reason }: { code: string; reason: string }) =>
  apiPost<TrainingVerifyResult>(ApiPaths.adminTrainingRevoke(encodeURIComponent(code)), { reason }, { silent: true });

export function useRevokeCertificate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...TRAINING_KEY, 'certificate'] }),
  });
}
