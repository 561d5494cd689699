/**
 * 印次 (docs/publishing.md, Console): printings of every book or one (book filter, server paging,
 * export); 登记/编辑 in a dialog checked with the contract's `printingBody`; 删除 confirmed.
 */
import { ApiPaths, printingBody, type AdminPrintingRow, type AdminPrintingsQuery } from '@eav/contract';
import { App, Button, Form, Input, InputNumber, Modal, Space } from 'antd';
import { useState } from 'react';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { useDeletePrinting } from '../api/delete-printing';
import { usePrintings } from '../api/get-printings';
import { useSavePrinting } from '../api/save-printing';
import { beijingToday, checkBody, showProblems } from '../lib/form-problems';
import { BookPicker } from './book-picker';
import { consoleLayout } from '@/components/console/console-page';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';

interface PrintingForm {
  textbookId?: number;
  editionNo?: number | null;
  printingNo?: number | null;
  printedOn: string;
  note: string;
}

export function PrintingsTab() {
  const { modal, message } = App.useApp();
  const { query, filter, paging } = useTablePaging<AdminPrintingsQuery>({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<AdminPrintingRow | 'new' | null>(null);
  const [form] = Form.useForm<PrintingForm>();
  const printings = usePrintings(query);
  const save = useSavePrinting();
  const remove = useDeletePrinting();

  const openForm = (row: AdminPrintingRow | 'new') => {
    save.reset();
    setEditing(row);
    form.resetFields();
    form.setFieldsValue(
      row === 'new'
        ? { textbookId: query.textbookId, editionNo: 1, printingNo: 1, printedOn: beijingToday(), note: '' }
        : { ...row },
    );
  };

  const submit = () => {
    const v = form.getFieldsValue(true) as PrintingForm;
    const r = checkBody(printingBody, {
      ...v,
      editionNo: v.editionNo ?? undefined,
      printingNo: v.printingNo ?? undefined,
      printedOn: (v.printedOn ?? '').trim(),
      note: (v.note ?? '').trim(),
    });
    showProblems(form, r.ok ? [] : r.problems);
    if (!r.ok) return;
    save.mutate(
      { id: editing === 'new' || editing === null ? null : editing.id, body: r.body },
      {
        onSuccess: () => {
          void message.success(editing === 'new' ? '印次已登记' : '印次已修改');
          setEditing(null);
        },
      },
    );
  };

  const confirmDelete = (p: AdminPrintingRow) =>
    modal.confirm({
      title: `删除《${p.textbookTitle}》第 ${p.editionNo} 版第 ${p.printingNo} 次印刷的记录？`,
      content: '删除后教材详情页不再显示这一印次。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove
          .mutateAsync(p.id)
          .then(() => void message.success('印次记录已删除'))
          .catch((err: unknown) => void message.error(errorMessage(err, '操作失败，请稍后重试'))),
    });

  return (
    <>
      <div className={consoleLayout.toolbar}>
        <div className={consoleLayout.filters}>
          <BookPicker
            aria-label="按教材筛选印次"
            placeholder="全部教材（搜索书名）"
            allowClear
            style={{ width: 300 }}
            value={query.textbookId}
            onChange={(textbookId) => filter({ textbookId })}
          />
        </div>
        <Space wrap>
          <Button type="primary" onClick={() => openForm('new')}>
            登记印次
          </Button>
          <ExportButtons url={ApiPaths.adminPublishingPrintingsExport} params={query} label="印次列表" />
        </Space>
      </div>
      <ConsoleTable<AdminPrintingRow>
        label="印次列表"
        query={printings}
        paging={paging}
        rowKey="id"
        size="middle"
        emptyText="暂无印次记录"
        columns={[
          { title: '教材', dataIndex: 'textbookTitle', ellipsis: true },
          { title: '版次', dataIndex: 'editionNo', width: 80, render: (v: number) => `第 ${v} 版` },
          { title: '印次', dataIndex: 'printingNo', width: 110, render: (v: number) => `第 ${v} 次印刷` },
          { title: '印刷日期', dataIndex: 'printedOn', width: 120 },
          { title: '说明', dataIndex: 'note', ellipsis: true },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_v, p) => (
              <Space size={0}>
                <Button
                  type="link"
                  onClick={() => openForm(p)}
                  aria-label={`编辑第 ${p.editionNo} 版第 ${p.printingNo} 次印刷`}
                >
                  编辑
                </Button>
                <Button
                  type="link"
                  danger
                  onClick={() => confirmDelete(p)}
                  aria-label={`删除第 ${p.editionNo} 版第 ${p.printingNo} 次印刷`}
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '登记印次' : '编辑印次'}
        okText="保存"
        okButtonProps={{ loading: save.isPending }}
        cancelText="取消"
        onOk={submit}
        onCancel={() => setEditing(null)}
        width={560}
        forceRender
      >
        <Form<PrintingForm> form={form} layout="vertical" aria-label="印次">
          <Form.Item name="textbookId" label="教材" required>
            <BookPicker aria-label="教材" />
          </Form.Item>
          <Space align="start">
            <Form.Item name="editionNo" label="版次" required>
              <InputNumber min={1} max={99} precision={0} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="printingNo" label="印次" required>
              <InputNumber min={1} max={999} precision={0} style={{ width: 110 }} />
            </Form.Item>
            <Form.Item name="printedOn" label="印刷日期" required>
              <Input placeholder="YYYY-MM-DD" style={{ width: 160 }} />
            </Form.Item>
          </Space>
          <Form.Item name="note" label="说明">
            <Input maxLength={200} />
          </Form.Item>
        </Form>
        <SaveError error={save.error} />
      </Modal>
    </>
  );
}
