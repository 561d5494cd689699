/**
 * 下载 Word / 下载 PDF of a paper or a composed paper. Downloads need an account (docs/api.md): a
 * visitor is asked to log in first.
 */
import { useState } from 'react';
import { FilePdfOutlined, FileWordOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import type { ExportFormat } from '@eav/contract';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { exportPaper, type ExportTarget } from '../api/export-paper';
import { useLoginGate } from '../hooks/use-login-gate';

export function ExportButtons({
  target,
  answers = true,
  size,
}: {
  target: Omit<ExportTarget, 'userId'>;
  answers?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  const { message } = App.useApp();
  const { requireLogin } = useLoginGate();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = (format: ExportFormat) =>
    requireLogin('下载试卷', (userId) => {
      setBusy(format);
      exportPaper({ ...target, userId }, format, answers)
        .then((name) => message.success(`已开始下载：${name}`))
        .catch((e: unknown) =>
          message.error(
            e instanceof ApiError && e.status === 404 ? '试卷不存在或已删除' : errorMessage(e, '下载失败，请稍后重试'),
          ),
        )
        .finally(() => setBusy(null));
    });

  return (
    <Space wrap>
      <Button size={size} icon={<FileWordOutlined />} loading={busy === 'docx'} onClick={() => run('docx')}>
        下载 Word
      </Button>
      <Button size={size} icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => run('pdf')}>
        下载 PDF
      </Button>
    </Space>
  );
}
