/**
 * `GET ApiPaths.userMarksExport(userId)?format=md|docx`: 我的笔记 as a Markdown or Word file, under the
 * list's filters, fetched through the signed client as a blob and saved under the server's file name
 * (我的笔记-YYYY-MM-DD.md). A refusal (too many marks, too many exports) throws the server's message.
 */
import { ApiPaths, type ReaderMarksExportFormat } from '@eav/contract';
import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '@/lib/file-request';
import { myNotesParams, type MyNotesFilters } from '../lib/my-notes';

/** Downloads the export and answers the name it was saved under. */
export async function exportMyMarks(
  userId: number,
  filters: MyNotesFilters,
  format: ReaderMarksExportFormat,
): Promise<string> {
  const saved = await fetchFile(
    {
      method: 'GET',
      url: ApiPaths.userMarksExport(userId),
      params: { ...myNotesParams(filters), format },
      timeout: 120_000,
    },
    `我的笔记.${format}`,
  );
  return saved.fileName;
}

/** The export as a mutation (its pending format shows on its button). */
export function useExportMyMarks(userId: number) {
  return useMutation({
    mutationFn: ({ filters, format }: { filters: MyNotesFilters; format: ReaderMarksExportFormat }) =>
      exportMyMarks(userId, filters, format),
  });
}
