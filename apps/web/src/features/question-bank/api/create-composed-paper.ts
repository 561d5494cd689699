/** `POST /api/v1/users/{userId}/papers`: saves a composed paper (组卷), optionally emptying the basket. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type ComposedPaperBody, type ComposedPaperItem } from '@eav/contract';
import { apiPost } from '@/lib/api-client';
import { basketQueryKey } from './get-basket';

export function createComposedPaper(userId: number, body: ComposedPaperBody): Promise<ComposedPaperItem> {
  return apiPost<ComposedPaperItem>(ApiPaths.userPapers(userId), body);
}

export function useCreateComposedPaper(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ComposedPaperBody) => createComposedPaper(userId!, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: basketQueryKey(userId) });
      // 我的资源 lists composed papers (its list is cached under 'question-bank', 'my-papers').
      void queryClient.invalidateQueries({ queryKey: ['composed-papers'] });
      void queryClient.invalidateQueries({ queryKey: ['question-bank', 'my-papers'] });
    },
  });
}
