/**
 * 勘误 (docs/publishing.md, Console): errata of every book or one (book filter, keyword, server
 * paging, export); 发布/编辑 in a dialog checked with the contract's `erratumBody`; 撤回 confirmed.
 * Live notices are all published (a withdrawn one is deleted; the audit log keeps its text).
 */
import { ApiPaths, erratumBody, type AdminErrataQuery, type AdminErratumRow } from '@eav/contract';
import { App, Button, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { useErrata } from '../api/get-errata';
import { useSaveErratum } from '../api/save-erratum';
import { useWithdrawErratum } from '../api/withdraw-erratum';
import { beijingToday, checkBody, showProblems } from '../lib/form-problems';
import { BookPicker } from './book-picker';
import { consoleLayout } from '@/components/console/console-page';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';

interface ErratumForm {
  textbookId?: number;
  page?: number | null;
  original: string;
  correction: string;
  publishedOn: string;
  note: string;
}

export function ErrataTab() {
  const { modal, message } = App.useApp();
  const { query, filter, paging } = useTablePaging<AdminErrataQuery>({ page: 1, pageSize: 10 });
  /** The dialog: null closed, 'new', or the notice being edited. */
  const [editing, setEditing] = useState<AdminErratumRow | 'new' | null>(null);
  const [form] = Form.useForm<ErratumForm>();
  const errata = useErrata(query);
  const save = useSaveErratum();
  const withdraw = useWithdrawErratum();

  const openForm = (row: AdminErratumRow | 'new') => {
    save.reset();
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { textbookId: query.textbookId, original: '', correction: '', note: '', publishedOn: beijingToday() }
        : { ...row },
    );
  };

  const submit = () => {
    const v = form.getFieldsValue(true) as ErratumForm;
    const r = checkBody(erratumBody, {
      ...v,
      page: v.page ?? undefined,
      original: (v.original ?? '').trim(),
      correction: (v.correction ?? '').trim(),
      publishedOn: (v.publishedOn ?? '').trim(),
      note: (v.note ?? '').trim(),
    });
    showProblems(form, r.ok ? [] : r.problems);
    if (!r.ok) return;
    save.mutate(
      { id: editing === 'new' || editing === null ? null : editing.id, body: r.body },
      {
        onSuccess: () => {
          void message.success(editing === 'new' ? '勘误已发布' : '勘误已修改');
          setEditing(null);
        },
      },
    );
  };

  const confirmWithdraw = (e: AdminErratumRow) =>
    modal.confirm({
      title: `撤回《${e.textbookTitle}》第 ${e.page} 页的勘误？`,
      content: `“${e.original}” → “${e.correction}”。撤回后读者不再看到这条勘误，审计日志保留其内容。`,
      okText: '撤回',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        withdraw
          .mutateAsync(e.id)
          .then(() => void message.success('勘误已撤回'))
          .catch((err: unknown) => void message.error(errorMessage(err, '操作失败，请稍后重试'))),
    });

  return (
    <>
      <div className={consoleLayout.toolbar}>
        <div className={consoleLayout.filters}>
          <BookPicker
            aria-label="按教材筛选"
            placeholder="全部教材（搜索书名）"
            allowClear
            style={{ width: 300 }}
            value={query.textbookId}
            onChange={(textbookId) => filter({ textbookId })}
          />
          <Input.Search
            aria-label="搜索勘误"
            placeholder="原文或更正内容"
            allowClear
            style={{ width: 220 }}
            onSearch={(t) => filter({ q: t.trim() || undefined })}
          />
        </div>
        <Space wrap>
          <Button type="primary" onClick={() => openForm('new')}>
            发布勘误
          </Button>
          <ExportButtons url={ApiPaths.adminPublishingErrataExport} params={query} label="勘误列表" />
        </Space>
      </div>
      <ConsoleTable<AdminErratumRow>
        label="勘误列表"
        query={errata}
        paging={paging}
        rowKey="id"
        size="middle"
        emptyText="暂无勘误"
        totalUnit="条勘误"
        columns={[
          { title: '教材', dataIndex: 'textbookTitle', ellipsis: true },
          { title: '页码', dataIndex: 'page', width: 70 },
          { title: '原文', dataIndex: 'original', ellipsis: true },
          { title: '更正', dataIndex: 'correction', ellipsis: true },
          { title: '发布日期', dataIndex: 'publishedOn', width: 110 },
          { title: '状态', key: 'state', width: 80, render: () => <Tag color="green">已发布</Tag> },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_v, e) => (
              <Space size={0}>
                <Button type="link" onClick={() => openForm(e)} aria-label={`编辑第 ${e.page} 页的勘误`}>
                  编辑
                </Button>
                <Button type="link" danger onClick={() => confirmWithdraw(e)} aria-label={`撤回第 ${e.page} 页的勘误`}>
                  撤回
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '发布勘误' : '编辑勘误'}
        okText={editing === 'new' ? '发布' : '保存'}
        okButtonProps={{ loading: save.isPending }}
        cancelText="取消"
        onOk={submit}
        onCancel={() => setEditing(null)}
        width={640}
        forceRender
      >
        <Form<ErratumForm> form={form} layout="vertical" aria-label="勘误">
          <Form.Item name="textbookId" label="教材" required>
            <BookPicker aria-label="教材" />
          </Form.Item>
          <Space align="start">
            <Form.Item name="page" label="页码（PDF 页，从 1 开始）" required>
              <InputNumber min={1} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="publishedOn" label="发布日期" required>
              <Input placeholder="YYYY-MM-DD" style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="original" label="原文" required>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="correction" label="更正为" required>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="note" label="说明">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
        {editing === 'new' && (
          <Typography.Paragraph type="secondary">
            同一教材、页码和原文已有勘误时，发布会更新那一条而不是新增。
          </Typography.Paragraph>
        )}
        <SaveError error={save.error} />
      </Modal>
    </>
  );
}
