/** `GET /api/v1/training/certificates/verify?code=` (public): whether a certificate is genuine, revoked or unknown. */
import { ApiPaths, type TrainingVerifyResult } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function verifyCertificate(code: string): Promise<TrainingVerifyResult> {
  return apiGet<TrainingVerifyResult>(ApiPaths.trainingVerify, { code }, { silent: true });
}

export function useVerifyCertificate(code: string) {
  return useQuery({
    queryKey: trainingKeys.verify(code),
    queryFn: () => verifyCertificate(code),
    enabled: code.trim() !== '',
    retry: false,
  });
}
