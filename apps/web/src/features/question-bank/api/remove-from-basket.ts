/** `DELETE /api/v1/users/{userId}/basket/{questionId}`: takes a question out of the basket. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths } from '@eav/contract';
import { apiDelete } from '@/lib/api-client';
import { basketQueryKey } from './get-basket';

export function removeFromBasket(userId: number, questionId: number): Promise<unknown> {
  return apiDelete(ApiPaths.userBasketItem(userId, questionId));
}

export function useRemoveFromBasket(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionId: number) => removeFromBasket(userId!, questionId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketQueryKey(userId) }),
  });
}
