/**
 * 出版动态 (docs/publishing.md, Console): announcements, drafts first (state and keyword filters,
 * server paging, export); 新建/编辑 in a drawer with the Markdown body and its preview by the one
 * renderer the public page uses; 发布/撤下 and 删除 confirmed.
 */
import {
  ANNOUNCEMENT_BODY_MAX,
  announcementBody,
  ApiPaths,
  type AdminAnnouncementRow,
  type AdminAnnouncementsQuery,
} from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Select, Space, Spin, Switch, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { LazyRichText } from '@/components/rich-text';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { announcementQueryOptions, useAnnouncement } from '../api/get-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { useSaveAnnouncement } from '../api/save-announcement';
import { checkBody, showProblems } from '../lib/form-problems';
import styles from './console.module.css';
import { consoleLayout } from '@/components/console/console-page';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

interface AnnouncementForm {
  title: string;
  summary: string;
  body: string;
  published: boolean;
}

function AnnouncementDrawer({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AnnouncementForm>();
  const one = useAnnouncement(open ? id : null);
  const save = useSaveAnnouncement();
  const body = Form.useWatch('body', form) ?? '';

  useEffect(() => {
    if (!open) return;
    if (id === null) form.setFieldsValue({ title: '', summary: '', body: '', published: false });
    else if (one.data) form.setFieldsValue({ ...one.data, published: one.data.publishedAt !== null });
  }, [open, id, one.data, form]);

  const submit = () => {
    const v = form.getFieldsValue(true) as AnnouncementForm;
    const r = checkBody(announcementBody, {
      title: (v.title ?? '').trim(),
      summary: (v.summary ?? '').trim(),
      body: v.body ?? '',
      published: !!v.published,
    });
    showProblems(form, r.ok ? [] : r.problems);
    if (!r.ok) return;
    save.mutate(
      { id, body: r.body },
      {
        onSuccess: () => {
          void message.success(id === null ? '公告已创建' : '公告已保存');
          onClose();
        },
      },
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={820}
      title={id === null ? '新建出版动态' : '编辑出版动态'}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      {id !== null && one.isPending ? (
        <Spin tip="加载中…">
          <div style={{ height: 120 }} />
        </Spin>
      ) : one.isError ? (
        <Alert type="error" showIcon title={errorMessage(one.error, '操作失败，请稍后重试')} />
      ) : (
        <Form<AnnouncementForm> form={form} layout="vertical" aria-label="出版动态">
          <SaveError error={save.error} style={{ marginBottom: 16 }} />
          <Form.Item name="title" label="标题" required>
            <Input maxLength={80} showCount />
          </Form.Item>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
          <Tabs
            items={[
              {
                key: 'edit',
                label: '正文（Markdown）',
                forceRender: true,
                children: (
                  <Form.Item name="body" label="正文" required extra="支持 Markdown 与公式；不支持 HTML">
                    <Input.TextArea rows={14} maxLength={ANNOUNCEMENT_BODY_MAX} showCount />
                  </Form.Item>
                ),
              },
              {
                key: 'preview',
                label: '预览',
                children: (
                  <div className={styles.preview} aria-label="正文预览">
                    {body.trim() ? <LazyRichText source={body} /> : <span>正文为空</span>}
                  </div>
                ),
              },
            ]}
          />
          <Form.Item name="published" label="发布状态" valuePropName="checked">
            <Switch checkedChildren="发布" unCheckedChildren="不发布" />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}

export function AnnouncementsTab() {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const { query, filter, paging } = useTablePaging<AdminAnnouncementsQuery>({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useAnnouncements(query);
  const save = useSaveAnnouncement();
  const remove = useDeleteAnnouncement();

  const confirmToggle = (a: AdminAnnouncementRow) => {
    const publish = a.publishedAt === null;
    modal.confirm({
      title: publish ? `发布「${a.title}」？` : `撤下「${a.title}」？`,
      content: publish ? '发布后公告出现在智慧出版的出版动态中。' : '撤下后公众不再看到这条公告，可以再次发布。',
      okText: publish ? '发布' : '撤下',
      okButtonProps: publish ? {} : { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          const full = await qc.fetchQuery(announcementQueryOptions(a.id));
          await save.mutateAsync({
            id: a.id,
            body: { title: full.title, summary: full.summary, body: full.body, published: publish },
          });
          void message.success(publish ? '公告已发布' : '公告已撤下');
        } catch (e) {
          void message.error(errorMessage(e, '操作失败，请稍后重试'));
        }
      },
    });
  };

  const confirmDelete = (a: AdminAnnouncementRow) =>
    modal.confirm({
      title: `删除「${a.title}」？`,
      content: '删除后不能恢复；只想暂时不展示请用“撤下”。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove
          .mutateAsync(a.id)
          .then(() => void message.success('公告已删除'))
          .catch((e: unknown) => void message.error(errorMessage(e, '操作失败，请稍后重试'))),
    });

  return (
    <>
      <div className={consoleLayout.toolbar}>
        <div className={consoleLayout.filters}>
          <Input.Search
            aria-label="搜索公告"
            placeholder="标题或摘要"
            allowClear
            style={{ width: 240 }}
            onSearch={(t) => filter({ q: t.trim() || undefined })}
          />
          <Select
            aria-label="公告状态"
            placeholder="全部状态"
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'published', label: '已发布' },
              { value: 'draft', label: '未发布' },
            ]}
            onChange={(status?: 'published' | 'draft') => filter({ status })}
          />
        </div>
        <Space wrap>
          <Button type="primary" onClick={() => setEditing('new')}>
            新建公告
          </Button>
          <ExportButtons url={ApiPaths.adminPublishingAnnouncementsExport} params={query} label="公告列表" />
        </Space>
      </div>
      <ConsoleTable<AdminAnnouncementRow>
        label="公告列表"
        query={list}
        paging={paging}
        rowKey="id"
        size="middle"
        emptyText="暂无公告"
        totalUnit="条公告"
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '摘要', dataIndex: 'summary', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'publishedAt',
            width: 90,
            render: (v: string | null) => (v ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          { title: '发布时间', dataIndex: 'publishedAt', render: time },
          { title: '更新时间', dataIndex: 'updatedAt', render: time },
          {
            title: '操作',
            key: 'actions',
            width: 190,
            render: (_v, a) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(a.id)} aria-label={`编辑公告 ${a.title}`}>
                  编辑
                </Button>
                <Button
                  type="link"
                  danger={a.publishedAt !== null}
                  onClick={() => confirmToggle(a)}
                  aria-label={`${a.publishedAt ? '撤下' : '发布'}公告 ${a.title}`}
                >
                  {a.publishedAt ? '撤下' : '发布'}
                </Button>
                <Button type="link" danger onClick={() => confirmDelete(a)} aria-label={`删除公告 ${a.title}`}>
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AnnouncementDrawer
        id={typeof editing === 'number' ? editing : null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
