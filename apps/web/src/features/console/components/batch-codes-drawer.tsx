/** A batch's codes: which are redeemed, when and by whom (codes shown only by a hash prefix). */
import { ApiPaths, type AdminBatchCodeRow, type AdminBatchCodesQuery, type AdminCodeBatchRow } from '@eav/contract';
import { Drawer, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useBatchCodes } from '../api/batch-codes';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';
import { sectionError } from './section-error';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string | null) => beijingDateTime(iso);

export function BatchCodesDrawer({ batch, onClose }: { batch: AdminCodeBatchRow | null; onClose: () => void }) {
  const { query, setQuery, filter, paging } = useTablePaging<AdminBatchCodesQuery>({ page: 1, pageSize: 20 });
  // Another batch starts again from its first page, unfiltered.
  useEffect(() => setQuery({ page: 1, pageSize: 20 }), [batch?.id, setQuery]);
  const codes = useBatchCodes(batch?.id ?? null, query);
  return (
    <Drawer
      open={!!batch}
      onClose={onClose}
      size="large"
      title={batch ? `批次「${batch.name}」的激活情况` : '激活情况'}
    >
      {batch && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Select
              aria-label="激活状态"
              placeholder="全部激活码"
              allowClear
              style={{ width: 140 }}
              value={query.status}
              options={[
                { value: 'redeemed', label: '已激活' },
                { value: 'unused', label: '未使用' },
              ]}
              onChange={(status?: 'redeemed' | 'unused') => filter({ status })}
            />
            <ExportButtons url={ApiPaths.adminCodeBatchCodesExport(batch.id)} params={query} label="激活情况" />
          </Space>
          <ConsoleTable<AdminBatchCodeRow>
            label="激活码列表"
            query={codes}
            paging={paging}
            renderError={sectionError}
            rowKey="id"
            size="small"
            emptyText="没有符合条件的激活码"
            columns={[
              { title: '编号', dataIndex: 'id', width: 90 },
              { title: '激活码摘要', dataIndex: 'hashPrefix' },
              { title: '状态', dataIndex: 'redeemedAt', render: (v: string | null) => (v ? '已激活' : '未使用') },
              { title: '激活时间', dataIndex: 'redeemedAt', key: 'at', render: time },
              { title: '激活用户', dataIndex: 'redeemedBy', render: (v: string | null) => v ?? '—' },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
