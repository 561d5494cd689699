/** A batch's codes: which are redeemed, when and by whom (codes shown only by a hash prefix). */
import { ApiPaths, type AdminBatchCodeRow, type AdminBatchCodesQuery, type AdminCodeBatchRow } from '@eav/contract';
import { Alert, Drawer, Select, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useBatchCodes } from '../api/batch-codes';
import { errorText } from '../lib/console-error';
import { ExportButtons } from '@/components/export-buttons';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string | null) => beijingDateTime(iso);

export function BatchCodesDrawer({ batch, onClose }: { batch: AdminCodeBatchRow | null; onClose: () => void }) {
  const [query, setQuery] = useState<AdminBatchCodesQuery>({ page: 1, pageSize: 20 });
  useEffect(() => setQuery({ page: 1, pageSize: 20 }), [batch?.id]);
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
              onChange={(status?: 'redeemed' | 'unused') => setQuery((q) => ({ ...q, status, page: 1 }))}
            />
            <ExportButtons url={ApiPaths.adminCodeBatchCodesExport(batch.id)} params={query} label="激活情况" />
          </Space>
          {codes.isError && <Alert type="error" showIcon title={errorText(codes.error)} />}
          <Table<AdminBatchCodeRow>
            rowKey="id"
            size="small"
            loading={codes.isFetching}
            dataSource={codes.data?.items ?? []}
            locale={{ emptyText: '没有符合条件的激活码' }}
            pagination={{ current: query.page, pageSize: query.pageSize, total: codes.data?.total ?? 0 }}
            onChange={(p) => setQuery((q) => ({ ...q, page: p.current ?? 1, pageSize: p.pageSize ?? 20 }))}
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
