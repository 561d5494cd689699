/**
 * 导出 Excel / 导出 CSV of a console table: the list's filters, answered as a file by the server
 * (`url` is the list's `…/export` path; `label` names the table for screen readers).
 */
import { DownloadOutlined } from '@ant-design/icons';
import type { TableExportFormat } from '@eav/contract';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { exportTable } from '@/api/export-table';
import { errorMessage } from '@/lib/error-message';

export function ExportButtons({ url, params, label }: { url: string; params: object; label: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<TableExportFormat | null>(null);
  const run = async (format: TableExportFormat) => {
    setBusy(format);
    try {
      await exportTable(url, params, format);
    } catch (e) {
      void message.error(errorMessage(e, '导出失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'xlsx'}
        onClick={() => void run('xlsx')}
        aria-label={`导出${label}（Excel）`}
      >
        导出 Excel
      </Button>
      <Button
        icon={<DownloadOutlined />}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
        aria-label={`导出${label}（CSV）`}
      >
        导出 CSV
      </Button>
    </Space>
  );
}
