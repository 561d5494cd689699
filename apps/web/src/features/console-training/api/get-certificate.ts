/** `GET /api/v1/admin/training/certificates/{code}`: a certificate with its holder's full name. */
import { ApiPaths, type AdminTrainingCertificate } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { TRAINING_KEY } from './get-courses';

export const getCertificate = (code: string) =>
  apiGet<AdminTrainingCertificate>(ApiPaths.adminTrainingCertificate(encodeURIComponent(code)), undefined, {
    silent: true,
  });

export const certificateQueryOptions = (code: string) =>
  queryOptions({ queryKey: [...TRAINING_KEY, 'certificate', code], queryFn: () => getCertificate(code), retry: false });

/** The certificate `code`; idle while no code was entered. */
export function useCertificate(code: string) {
  return useQuery({ ...certificateQueryOptions(code), enabled: code !== '' });
}
