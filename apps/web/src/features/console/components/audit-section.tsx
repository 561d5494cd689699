/**
 * 审计日志: every security event and console write with operator, action, target, values before and
 * after, IP and time; filters by user, action, IP and time on the server; export as Excel or CSV.
 */
import { ApiPaths, type AdminAuditQuery, type AdminAuditRow } from '@eav/contract';
import { DatePicker, Input, InputNumber, Select, Tag } from 'antd';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { useAudit } from '../api/audit';
import { AUDIT_EVENT_LABELS } from '../lib/sections';
import { ExportButtons } from '@/components/export-buttons';
import { sectionError } from './section-error';
import styles from './console.module.css';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string) => beijingDateTime(iso);
const values = (v: Record<string, unknown> | null) =>
  v ? <span className={styles.json}>{JSON.stringify(v)}</span> : '—';

export function AuditSection() {
  const { query, setQuery, filter, paging } = useTablePaging<AdminAuditQuery>({ page: 1, pageSize: 20 });
  const audit = useAudit(query);
  return (
    <ConsolePage title="审计日志">
      <div className={consoleLayout.panel}>
        <div className={consoleLayout.toolbar}>
          <div className={consoleLayout.filters}>
            <InputNumber
              aria-label="用户编号"
              placeholder="用户编号"
              min={1}
              precision={0}
              style={{ width: 130 }}
              onChange={(v) => filter({ user: typeof v === 'number' ? v : undefined })}
            />
            <Select
              aria-label="操作"
              placeholder="全部操作"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              options={Object.entries(AUDIT_EVENT_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(event?: string) => filter({ event })}
            />
            <Input.Search
              aria-label="IP 地址"
              placeholder="IP 地址"
              allowClear
              style={{ width: 180 }}
              onSearch={(ip) => filter({ ip: ip.trim() || undefined })}
            />
            <DatePicker.RangePicker
              aria-label="时间范围"
              showTime
              onChange={(d) =>
                filter({ from: d?.[0]?.toISOString() ?? undefined, to: d?.[1]?.toISOString() ?? undefined })
              }
            />
          </div>
          <ExportButtons url={ApiPaths.adminAuditExport} params={query} label="审计日志" />
        </div>
        <ConsoleTable<AdminAuditRow>
          label="审计日志"
          query={audit}
          paging={paging}
          renderError={sectionError}
          rowKey="id"
          size="small"
          emptyText="没有符合条件的记录"
          onSort={(s) => setQuery((q) => ({ ...q, order: s.order }))}
          columns={[
            { title: '时间', dataIndex: 'at', key: 'at', sorter: true, render: time, width: 170 },
            { title: '操作', dataIndex: 'event', render: (e: string) => AUDIT_EVENT_LABELS[e] ?? e },
            {
              title: '结果',
              dataIndex: 'result',
              render: (r: string) => (
                <Tag color={r === 'success' ? 'green' : 'red'}>{r === 'success' ? '成功' : '失败'}</Tag>
              ),
            },
            {
              title: '操作人',
              dataIndex: 'actorName',
              render: (n: string | null, r) => (r.actorId ? `${n ?? ''}（${r.actorId}）` : '—'),
            },
            { title: '相关用户', dataIndex: 'userId', render: (v: number | null) => v ?? '—' },
            { title: '对象', dataIndex: 'target', render: (v: string | null) => v ?? '—' },
            { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
            { title: '修改前', dataIndex: 'before', render: values },
            { title: '修改后', dataIndex: 'after', render: values },
          ]}
        />
      </div>
    </ConsolePage>
  );
}
