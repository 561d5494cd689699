/** `DELETE /api/v1/users/{userId}/basket`: empties the basket (清空). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@eav/contract';
import { apiDelete } from '@/lib/api-client';
import { basketQueryKey } from './get-basket';

export function clearBasket(userId: number): Promise<unknown> {
  return apiDelete(ApiPaths.userBasket(userId));
}

export function useClearBasket(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearBasket(userId!),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketQueryKey(userId) }),
  });
}
