/** `POST /api/v1/console/mfa/enrol`: a new TOTP secret with its QR code (only before enrolment is confirmed). */
import { ApiPaths, type ConsoleMfaEnrolment } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export const enrolMfa = () => apiPost<ConsoleMfaEnrolment>(ApiPaths.consoleMfaEnrol);

export function useEnrolMfa() {
  return useMutation({ mutationFn: enrolMfa });
}
