/**
 * 激活码: generate a batch for a book picked by search (count, expiry, name) and download its codes as Excel or CSV —
 * the only time they exist in plain text; batches with their redeemed counts (server-side filters,
 * sorting, paging, export); a batch's codes and who redeemed them; voiding a batch (confirmed).
 */
import {
  adminCodeBatchBody,
  ApiPaths,
  type AdminCodeBatchesQuery,
  type AdminCodeBatchRow,
  type TableExportFormat,
} from '@eav/contract';
import { Alert, App, Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { useCodeBatches } from '../api/code-batches';
import { useCreateCodeBatch } from '../api/create-code-batch';
import { useVoidCodeBatch } from '../api/void-code-batch';
import { errorText } from '../lib/console-error';
import { BatchCodesDrawer } from './batch-codes-drawer';
import { ExportButtons } from '@/components/export-buttons';
import { sectionError } from './section-error';
import { TextbookPicker } from './textbook-picker';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const time = (iso: string | null) => beijingDateTime(iso);
const fields = adminCodeBatchBody.shape;

interface BatchForm {
  textbook: string;
  count: number;
  name: string;
  expires?: { format(f: string): string } | null;
  format: TableExportFormat;
}

export function CodesSection() {
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<BatchForm>();
  const { query, setQuery, filter, paging } = useTablePaging<AdminCodeBatchesQuery>({ page: 1, pageSize: 10 });
  const [open, setOpen] = useState<AdminCodeBatchRow | null>(null);
  const batches = useCodeBatches(query);
  const create = useCreateCodeBatch();
  const voidBatch = useVoidCodeBatch();

  const submit = (v: BatchForm) =>
    create.mutate(
      {
        textbook: v.textbook.trim(),
        count: v.count,
        name: v.name.trim(),
        format: v.format,
        ...(v.expires ? { expiresAt: v.expires.format('YYYY-MM-DD') } : {}),
      },
      {
        onSuccess: (r) => {
          void message.success(`已生成批次 ${r.batchId}，激活码文件已下载：${r.fileName}`);
          form.resetFields(['count', 'name']);
        },
      },
    );

  const confirmVoid = (b: AdminCodeBatchRow) =>
    modal.confirm({
      title: `作废批次「${b.name}」？`,
      content: `未使用的 ${b.count - b.redeemed} 个激活码将立即失效，已激活的 ${b.redeemed} 本教材不受影响。此操作不能撤销。`,
      okText: '作废',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        voidBatch
          .mutateAsync(b.id)
          .then(() => void message.success('批次已作废'))
          .catch((e: unknown) => void message.error(errorText(e))),
    });

  const sortOrderOf = (key: string) => (query.sort === key ? (query.order ?? 'descend') : null);

  return (
    <ConsolePage title="激活码">
      <section className={consoleLayout.panel} aria-labelledby="new-batch">
        <Typography.Title level={2} id="new-batch" style={{ fontSize: 16, marginTop: 0 }}>
          生成激活码
        </Typography.Title>
        <Form<BatchForm>
          form={form}
          layout="inline"
          aria-label="生成激活码"
          initialValues={{ format: 'xlsx', count: 10 }}
          onFinish={submit}
        >
          <Form.Item name="textbook" label="教材" rules={[requiredRule('请选择教材'), zodRule(fields.textbook)]}>
            <TextbookPicker />
          </Form.Item>
          <Form.Item
            name="count"
            label="数量"
            rules={[{ required: true, message: '请填写数量' }, zodRule(fields.count)]}
          >
            <InputNumber precision={0} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="name" label="批次名" rules={[requiredRule('请填写批次名'), zodRule(fields.name)]}>
            <Input placeholder="如 2026 秋季书店" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="expires" label="有效期至">
            <DatePicker placeholder="不填为长期有效" />
          </Form.Item>
          <Form.Item name="format" label="文件格式">
            <Radio.Group
              options={[
                { value: 'xlsx', label: 'Excel' },
                { value: 'csv', label: 'CSV' },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              生成并下载
            </Button>
          </Form.Item>
        </Form>
        {create.isError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={errorText(create.error)} />}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          激活码只在生成时下载一次，服务器仅保存其摘要，请妥善保管文件。
        </Typography.Paragraph>
      </section>
      <section className={consoleLayout.panel} aria-labelledby="batches">
        <div className={consoleLayout.toolbar}>
          <div className={consoleLayout.filters}>
            <Typography.Title level={2} id="batches" style={{ fontSize: 16, margin: 0 }}>
              批次
            </Typography.Title>
            <Input.Search
              aria-label="搜索批次"
              placeholder="教材名、外部编号或批次名"
              allowClear
              style={{ width: 260 }}
              onSearch={(t) => filter({ textbook: t.trim() || undefined })}
            />
            <Select
              aria-label="批次状态"
              placeholder="全部状态"
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'active', label: '有效' },
                { value: 'voided', label: '已作废' },
              ]}
              onChange={(status?: 'active' | 'voided') => filter({ status })}
            />
          </div>
          <ExportButtons url={ApiPaths.adminCodeBatchesExport} params={query} label="批次列表" />
        </div>
        <ConsoleTable<AdminCodeBatchRow>
          label="激活码批次"
          query={batches}
          paging={paging}
          renderError={sectionError}
          rowKey="id"
          size="middle"
          emptyText="还没有激活码批次"
          totalUnit="个批次"
          onSort={(s) =>
            setQuery((q) => ({ ...q, sort: s.columnKey as AdminCodeBatchesQuery['sort'], order: s.order }))
          }
          columns={[
            { title: '编号', dataIndex: 'id', width: 80 },
            { title: '批次名', dataIndex: 'name' },
            { title: '教材', dataIndex: 'textbookTitle', ellipsis: true },
            {
              title: '数量',
              dataIndex: 'count',
              key: 'count',
              sorter: true,
              sortOrder: sortOrderOf('count'),
              width: 90,
            },
            { title: '已激活', dataIndex: 'redeemed', width: 90 },
            { title: '有效期至', dataIndex: 'expiresAt', render: (v: string | null) => (v ? time(v) : '长期有效') },
            { title: '创建人', dataIndex: 'createdBy', ellipsis: true, render: (v: string | null) => v ?? '—' },
            {
              title: '创建时间',
              dataIndex: 'createdAt',
              key: 'createdAt',
              sorter: true,
              sortOrder: sortOrderOf('createdAt'),
              render: time,
            },
            {
              title: '状态',
              dataIndex: 'voidedAt',
              width: 90,
              render: (v: string | null) => (v ? <Tag>已作废</Tag> : <Tag color="green">有效</Tag>),
            },
            {
              title: '操作',
              key: 'actions',
              // Room for both links on one line: without a width the column is squeezed past the table's edge.
              width: 170,
              render: (_v, b) => (
                <Space size={0}>
                  <Button type="link" onClick={() => setOpen(b)} aria-label={`查看批次 ${b.name} 的激活情况`}>
                    激活情况
                  </Button>
                  {!b.voidedAt && (
                    <Button type="link" danger onClick={() => confirmVoid(b)} aria-label={`作废批次 ${b.name}`}>
                      作废
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </section>
      <BatchCodesDrawer batch={open} onClose={() => setOpen(null)} />
    </ConsolePage>
  );
}
