/**
 * `GET …/export?format=csv|xlsx` of any console list: the same filters as the table (without the
 * page), answered as a file and saved under the server's name. Shared by every console section.
 */
import type { TableExportFormat } from '@eav/contract';
import { fetchFile } from '@/lib/file-request';

export async function exportTable(url: string, params: object, format: TableExportFormat): Promise<void> {
  const clean = Object.fromEntries(
    Object.entries({ ...params, format } as Record<string, unknown>).filter(
      ([k, v]) => v !== undefined && v !== '' && k !== 'page' && k !== 'pageSize',
    ),
  );
  await fetchFile({ method: 'GET', url, params: clean }, `导出.${format}`);
}
