/** `PUT ApiPaths.userPassword(userId)`: old + new password; the server ends the other sessions. */
import { ApiPaths, type ChangePasswordBody } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';

export function changePassword(userId: number, body: ChangePasswordBody): Promise<unknown> {
  return apiPut<unknown>(ApiPaths.userPassword(userId), body, { silent: true });
}

export function useChangePassword(userId: number) {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => changePassword(userId, body) });
}
