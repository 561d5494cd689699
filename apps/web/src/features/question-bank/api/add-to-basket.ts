/** `POST /api/v1/users/{userId}/basket`: adds questions (ones already there are kept, not doubled). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type BasketAddBody } from '@eav/contract';
import { apiPost } from '@/lib/api-client';
import { basketQueryKey } from './get-basket';

export function addToBasket(userId: number, body: BasketAddBody): Promise<unknown> {
  // The server's message (e.g. the basket is full) is shown by the client's toast.
  return apiPost(ApiPaths.userBasket(userId), body);
}

export function useAddToBasket(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questionIds: number[]) => addToBasket(userId!, { questionIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: basketQueryKey(userId) }),
  });
}
