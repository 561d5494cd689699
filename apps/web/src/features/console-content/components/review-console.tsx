/**
 * 资源审核 (docs/console-content.md, Resource review): the queue of teachers' uploads by state
 * (pending first), paged by the server; each file opens in a new tab for preview; approval asks
 * first, rejection needs a reason that the uploader sees. The queue of the chosen state exports as
 * Excel or CSV from the server.
 */
import {
  ApiPaths,
  RESOURCE_STATUS_LABELS,
  RESOURCE_STATUSES,
  RESOURCE_TYPE_LABELS,
  type MyResourceUpload,
  type ResourceStatus,
} from '@eav/contract';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';
import { errorMessage } from '@/lib/error-message';
import { getPreviewUrl, useReviewQueue, useReviewResource, type ReviewQuery } from '../api/review';
import styles from './console.module.css';
import { ConsolePage } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const STATUS_COLOR: Record<ResourceStatus, string> = { pending: 'gold', published: 'green', rejected: 'red' };
const time = (iso: string | null) => beijingDateTime(iso);
const REASON_MAX = 200;

function RejectDialog({ upload, onClose }: { upload: MyResourceUpload; onClose: () => void }) {
  const { message } = App.useApp();
  const review = useReviewResource();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    try {
      await review.mutateAsync({ id: upload.resource.id, body: { decision: 'reject', reason: reason.trim() } });
      message.success('已驳回，上传者将看到原因');
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };
  return (
    <Modal
      open
      title={`不通过：${upload.resource.title}`}
      okText="确认不通过"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={review.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      rootClassName={styles.overlay}
    >
      <Form form={form} name="reject" layout="vertical">
        <Form.Item
          name="reason"
          label="原因（上传者可见）"
          rules={[
            { required: true, whitespace: true, message: '请填写不通过的原因' },
            { max: REASON_MAX, message: `原因不能超过 ${REASON_MAX} 个字` },
          ]}
        >
          <Input.TextArea rows={4} showCount maxLength={REASON_MAX} placeholder="例如：内容与所选教材章节不符" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ReviewConsole() {
  const { message } = App.useApp();
  const { query, filter, paging } = useTablePaging<ReviewQuery>({ page: 1, pageSize: 20, status: 'pending' });
  const [rejecting, setRejecting] = useState<MyResourceUpload | null>(null);
  const queue = useReviewQueue(query);
  const review = useReviewResource();

  const preview = async (id: number) => {
    // Opened before the request, so that the browser does not block the new tab.
    const tab = window.open('', '_blank');
    try {
      const grant = await getPreviewUrl(id);
      if (tab) {
        tab.opener = null;
        tab.location.href = grant.url;
      }
    } catch (err) {
      tab?.close();
      message.error(errorMessage(err, '无法打开预览'));
    }
  };

  return (
    <ConsolePage title="资源审核">
      <Card
        title={<h2 className={styles.subtitle}>教师上传的资源</h2>}
        extra={<ExportButtons url={ApiPaths.adminResourcesExport} params={{ status: query.status }} label="资源审核" />}
      >
        <div className={styles.stack}>
          <Segmented<ResourceStatus | 'all'>
            aria-label="审核状态"
            value={query.status ?? 'all'}
            onChange={(v) => filter({ status: v === 'all' ? undefined : v })}
            options={[
              ...RESOURCE_STATUSES.map((s) => ({ value: s, label: RESOURCE_STATUS_LABELS[s] })),
              { value: 'all' as const, label: '全部' },
            ]}
          />
          <ConsoleTable<MyResourceUpload>
            label="教师上传的资源"
            query={queue}
            paging={paging}
            rowKey={(u) => u.resource.id}
            emptyText={query.status === 'pending' ? '没有待审核的资源' : '没有资源'}
            totalUnit="个"
            columns={[
              { title: '标题', key: 'title', render: (_, u) => u.resource.title },
              { title: '类型', key: 'type', width: 90, render: (_, u) => RESOURCE_TYPE_LABELS[u.resource.type] },
              { title: '教材', key: 'book', ellipsis: true, render: (_, u) => u.resource.textbook?.title ?? '—' },
              { title: '上传者', key: 'uploader', width: 120, render: (_, u) => u.resource.uploader ?? '—' },
              { title: '上传时间', key: 'created', width: 170, render: (_, u) => time(u.resource.createdAt) },
              {
                title: '状态',
                key: 'status',
                width: 160,
                render: (_, u) => (
                  <>
                    <Tag color={STATUS_COLOR[u.status]}>{RESOURCE_STATUS_LABELS[u.status]}</Tag>
                    {u.rejectReason && <div className={styles.muted}>{u.rejectReason}</div>}
                  </>
                ),
              },
              {
                title: '操作',
                key: 'actions',
                width: 250,
                render: (_, u) => (
                  <div className={styles.actions}>
                    <Button
                      type="link"
                      onClick={() => void preview(u.resource.id)}
                      aria-label={`预览 ${u.resource.title}`}
                    >
                      预览
                    </Button>
                    {u.status === 'pending' && (
                      <>
                        <Popconfirm
                          title="通过并发布这个资源？"
                          okText="通过"
                          cancelText="取消"
                          onConfirm={() =>
                            review.mutateAsync({ id: u.resource.id, body: { decision: 'approve' } }).then(
                              () => void message.success('已通过并发布'),
                              () => undefined,
                            )
                          }
                        >
                          <Button type="link" aria-label={`通过 ${u.resource.title}`}>
                            通过
                          </Button>
                        </Popconfirm>
                        <Button
                          type="link"
                          danger
                          onClick={() => setRejecting(u)}
                          aria-label={`不通过 ${u.resource.title}`}
                        >
                          不通过
                        </Button>
                      </>
                    )}
                  </div>
                ),
              },
            ]}
          />
        </div>
      </Card>
      {rejecting && <RejectDialog upload={rejecting} onClose={() => setRejecting(null)} />}
    </ConsolePage>
  );
}
