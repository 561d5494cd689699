/**
 * `PUT /api/v1/admin/catalogue/textbooks/{id}/chapters`: saves the whole tree (audited); answers the
 * stored tree with the ids of new nodes. Errors (a referenced node deleted: 409) are shown by the editor.
 */
import { ApiPaths, type ConsoleChapterInput, type ConsoleChapterTree } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';

export const saveConsoleChapters = (id: number, chapters: ConsoleChapterInput[]) =>
  apiPut<ConsoleChapterTree>(ApiPaths.adminCatalogueTextbookChapters(id), { chapters }, { silent: true });

export function useSaveConsoleChapters(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (chapters: ConsoleChapterInput[]) => saveConsoleChapters(id, chapters),
    onSuccess: (tree) => {
      qc.setQueryData(['console-content', 'chapters', id], tree);
      // The book list shows the update time; public pages read the tree afresh.
      void qc.invalidateQueries({ queryKey: ['console-content', 'textbooks'] });
    },
  });
}
