/** `POST ApiPaths.resetPassword`: phone + SMS code (purpose reset) + new password; ends all sessions. */
import { ApiPaths, type ResetPasswordBody } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return apiPost<unknown>(ApiPaths.resetPassword, body, { silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
