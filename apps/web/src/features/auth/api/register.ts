/** `POST ApiPaths.register`: phone + SMS code (purpose register) + password + user name + identity. */
import { ApiPaths, PLATFORM, type LoginData, type RegisterBody } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';

export type RegisterInput = Omit<RegisterBody, 'platform'>;

export function register(body: RegisterInput): Promise<LoginData> {
  return apiPost<LoginData>(ApiPaths.register, { ...body, platform: PLATFORM }, { silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
