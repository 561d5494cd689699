/**
 * The console's textbook list: search, stage and access filters, sorting and paging done by the
 * server; each row opens an editor of the book's title, access and description, its cover
 * (uploaded, re-encoded to WebP by the server) and its PDF (uploaded with a progress bar), or the
 * chapter tree editor (目录). Every save is audited on the server.
 */
import {
  ApiPaths,
  LIMITS,
  TEXTBOOK_ACCESS,
  TEXTBOOK_ACCESS_LABELS,
  type AdminTextbookListQuery,
  type AdminTextbookRow,
  type TextbookAccess,
} from '@eav/contract';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Drawer, Form, Input, Progress, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useStages } from '@/api/dictionaries';
import { ConsoleTable } from '@/components/console/console-table';
import { useTablePaging } from '@/components/console/use-table-paging';
import { ExportButtons } from '@/components/export-buttons';
import { SaveError } from '@/components/ui/save-error';
import { useConsoleTextbooks } from '../api/get-textbooks';
import { useUpdateTextbook } from '../api/update-textbook';
import { useUploadCover } from '../api/upload-cover';
import { useUploadPdf } from '../api/upload-pdf';
import { ChapterEditor } from './chapter-editor';
import styles from './console.module.css';
import { beijingDateTime } from '@/lib/beijing-format';

const ACCESS_OPTIONS = TEXTBOOK_ACCESS.map((a) => ({ value: a, label: TEXTBOOK_ACCESS_LABELS[a] }));
const time = (iso: string) => beijingDateTime(iso);

function Editor({ book, onClose }: { book: AdminTextbookRow; onClose: () => void }) {
  const { message } = App.useApp();
  const update = useUpdateTextbook();
  const cover = useUploadCover();
  const pdf = useUploadPdf();
  const [pdfPercent, setPdfPercent] = useState<number | null>(null);
  const [coverUrl, setCoverUrl] = useState(book.coverUrl);
  const [form] = Form.useForm<{ title: string; access: TextbookAccess; description: string }>();

  const save = async () => {
    // An invalid form shows its messages; nothing to send.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await update.mutateAsync({
        id: book.id,
        body: { title: v.title.trim(), access: v.access, description: v.description?.trim() || null },
      });
      message.success('已保存');
      onClose();
    } catch {
      // The API client has shown the server's message.
    }
  };

  return (
    <Drawer
      open
      width={520}
      title={`编辑教材：${book.title}`}
      onClose={onClose}
      destroyOnHidden
      rootClassName={styles.overlay}
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
      extra={
        <Button type="primary" loading={update.isPending} onClick={() => void save()}>
          保存
        </Button>
      }
    >
      <div className={styles.drawerScroll} tabIndex={0} role="region" aria-label="教材信息">
        <Form
          form={form}
          name="textbook"
          layout="vertical"
          initialValues={{ title: book.title, access: book.access, description: book.description ?? '' }}
        >
          <Form.Item label="externalId">
            <Input value={book.externalId} disabled />
          </Form.Item>
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: '请输入标题' },
              { max: 200, message: '标题不能超过 200 个字' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="access" label="阅读权限" rules={[{ required: true, message: '请选择阅读权限' }]}>
            <Select options={ACCESS_OPTIONS} />
          </Form.Item>
          <Form.Item name="description" label="简介" rules={[{ max: 2000, message: '简介不能超过 2000 个字' }]}>
            <Input.TextArea rows={4} showCount maxLength={2000} />
          </Form.Item>
        </Form>
        <div className={styles.stack}>
          <h3 className={styles.subtitle}>封面</h3>
          <img
            src={coverUrl}
            alt={`${book.title}的封面`}
            style={{ width: 150, aspectRatio: '3 / 4', objectFit: 'cover' }}
          />
          <Upload
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            showUploadList={false}
            beforeUpload={(file) => {
              cover.mutate(
                { id: book.id, file },
                {
                  onSuccess: (img) => {
                    setCoverUrl(img.url);
                    message.success('封面已更新');
                  },
                },
              );
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={cover.isPending}>
              上传新封面
            </Button>
          </Upload>
          <p className={styles.muted}>
            支持 JPG、PNG、WEBP、GIF、AVIF，最大 10 MB；服务器重新编码为 WebP 并去除图片信息。
          </p>
          <SaveError error={cover.error} fallback="封面上传失败" />
          <h3 className={styles.subtitle}>教材 PDF</h3>
          <Upload
            accept="application/pdf,.pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              // The server would refuse it only after the whole upload: say so at once.
              if (file.size > LIMITS.textbookPdfBytes) {
                void message.error(`教材 PDF 不能超过 ${LIMITS.textbookPdfBytes / 1024 / 1024} MB`);
                return false;
              }
              setPdfPercent(0);
              pdf.mutate(
                { id: book.id, file, onProgress: setPdfPercent },
                {
                  onSuccess: (r) => {
                    setPdfPercent(100);
                    message.success(`PDF 已更新（${(r.fileSize / 1024 / 1024).toFixed(1)} MB）`);
                  },
                  onError: () => setPdfPercent(null),
                },
              );
              return false;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={pdf.isPending}>
              上传新 PDF
            </Button>
          </Upload>
          {pdfPercent !== null && (
            <Progress percent={pdfPercent} status={pdf.isPending ? 'active' : 'success'} aria-label="PDF 上传进度" />
          )}
          <p className={styles.muted}>
            仅支持 PDF，最大 {LIMITS.textbookPdfBytes / 1024 / 1024} MB；上传成功后替换原文件，读者按原阅读权限阅读。
          </p>
          <SaveError error={pdf.error} fallback="PDF 上传失败" />
        </div>
      </div>
    </Drawer>
  );
}

export function TextbookTable() {
  const { query, setQuery, filter, paging } = useTablePaging<AdminTextbookListQuery>({
    page: 1,
    pageSize: 20,
    sort: 'id',
    order: 'asc',
  });
  const [editing, setEditing] = useState<AdminTextbookRow | null>(null);
  const [chapters, setChapters] = useState<AdminTextbookRow | null>(null);
  const stages = useStages();
  const list = useConsoleTextbooks(query);

  return (
    <Card
      title={<h2 className={styles.subtitle}>教材列表</h2>}
      extra={<ExportButtons url={ApiPaths.adminCatalogueTextbooksExport} params={query} label="教材列表" />}
    >
      <div className={styles.stack}>
        <div className={styles.toolbar} role="search" aria-label="筛选教材">
          <Input.Search
            allowClear
            placeholder="标题或 externalId"
            aria-label="搜索标题或 externalId"
            style={{ width: 280 }}
            onSearch={(q) => filter({ q: q.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="学段"
            aria-label="学段"
            style={{ width: 140 }}
            loading={stages.isLoading}
            options={(stages.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={(v: number | undefined) => filter({ stageId: v })}
          />
          <Select
            allowClear
            placeholder="阅读权限"
            aria-label="阅读权限"
            style={{ width: 140 }}
            options={ACCESS_OPTIONS}
            onChange={(v: TextbookAccess | undefined) => filter({ access: v })}
          />
        </div>
        <ConsoleTable<AdminTextbookRow>
          label="教材列表"
          query={list}
          paging={paging}
          rowKey="id"
          size="middle"
          scroll={{ x: 1360 }}
          emptyText="没有符合条件的教材"
          totalUnit="本"
          onSort={(s) =>
            setQuery((q) => ({
              ...q,
              sort: (s.columnKey ?? 'id') as AdminTextbookListQuery['sort'],
              order: s.order === 'descend' ? 'desc' : 'asc',
            }))
          }
          columns={[
            {
              title: '封面',
              key: 'cover',
              width: 72,
              render: (_, r) => <img className={styles.cover} src={r.coverUrl} alt="" loading="lazy" />,
            },
            // The title keeps a readable width; narrower windows scroll the table sideways.
            { title: '标题', dataIndex: 'title', key: 'title', sorter: true, ellipsis: true, width: 280 },
            { title: 'externalId', dataIndex: 'externalId', key: 'externalId', width: 180 },
            { title: '学段', dataIndex: 'stage', width: 70 },
            { title: '学科', dataIndex: 'subject', width: 100 },
            { title: '版本', dataIndex: 'edition', width: 100 },
            { title: '年级', dataIndex: 'grade', width: 80, render: (v: string | null) => v ?? '—' },
            { title: '册次', dataIndex: 'volume', width: 70, render: (v: string | null) => v ?? '—' },
            {
              title: '阅读权限',
              dataIndex: 'access',
              width: 100,
              render: (v: TextbookAccess) => TEXTBOOK_ACCESS_LABELS[v],
            },
            {
              title: '更新时间',
              dataIndex: 'updatedAt',
              key: 'updatedAt',
              width: 170,
              sorter: true,
              render: time,
            },
            {
              title: '操作',
              key: 'actions',
              width: 130,
              fixed: 'right',
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" onClick={() => setEditing(r)} aria-label={`编辑 ${r.title}`}>
                    编辑
                  </Button>
                  <Button type="link" onClick={() => setChapters(r)} aria-label={`目录 ${r.title}`}>
                    目录
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </div>
      {editing && <Editor book={editing} onClose={() => setEditing(null)} />}
      {chapters && <ChapterEditor book={chapters} onClose={() => setChapters(null)} />}
    </Card>
  );
}
