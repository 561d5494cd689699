/** `DELETE ApiPaths.userHistory(userId)`: clears the user's 浏览记录. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { historyQueryKey } from './get-history';

export function clearHistory(userId: number): Promise<{ cleared: number }> {
  return apiDelete<{ cleared: number }>(ApiPaths.userHistory(userId));
}

export function useClearHistory(userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => clearHistory(userId),
    onSuccess: () => qc.resetQueries({ queryKey: historyQueryKey(userId) }),
  });
}
