/**
 * 上传资源 (teachers, docs/product.md §6): title, type, textbook, chapter, optional description and the
 * file. The server checks the file by its content and size; the new resource waits for review.
 */
import { useMemo, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Modal, Select, TreeSelect, Upload } from 'antd';
import type { ChapterTreeNode, ResourceType } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useChapterBooks } from '../api/get-chapter-books';
import { useTextbookChapters } from '../api/get-textbook-chapters';
import { useUploadResource } from '../api/upload-resource';
import { TYPE_LABELS, TYPE_ORDER } from '../lib/labels';
import styles from './resources.module.css';

/** What the server takes (the contract's formats), for the file chooser. */
const ACCEPT = '.pdf,.docx,.pptx,.xlsx,.mp4,.mp3,.png,.jpg,.jpeg';
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 500;

interface Values {
  title: string;
  type: ResourceType;
  textbookId: number;
  chapterId?: number;
  description?: string;
}

type TreeOption = { value: number; title: string; children: TreeOption[] };
const toTree = (nodes: readonly ChapterTreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.title, children: toTree(n.children) }));

export function UploadDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const books = useChapterBooks();
  const textbookId = Form.useWatch('textbookId', form);
  const chapters = useTextbookChapters(textbookId);
  const upload = useUploadResource();
  const treeData = useMemo(() => toTree(chapters.data ?? []), [chapters.data]);

  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    setServerError(null);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError('请选择要上传的文件');
      return;
    }
    setServerError(null);
    upload.mutate(
      { ...values, file },
      {
        onSuccess: () => {
          void message.success('上传成功，审核通过后将公开');
          close();
        },
        onError: (err) => setServerError(errorMessage(err, '上传失败，请稍后重试')),
      },
    );
  };

  return (
    <Modal
      open={open}
      title="上传资源"
      okText="上传"
      cancelText="取消"
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={upload.isPending}
      destroyOnHidden
      wrapClassName={styles.dialog}
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请填写标题' },
            { max: TITLE_MAX, message: `标题不能超过 ${TITLE_MAX} 个字` },
          ]}
        >
          <Input maxLength={TITLE_MAX} showCount placeholder="如：第一章 有理数 导学案" />
        </Form.Item>
        <Form.Item name="type" label="资源类型" rules={[{ required: true, message: '请选择资源类型' }]}>
          <Select placeholder="请选择" options={TYPE_ORDER.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} />
        </Form.Item>
        <Form.Item name="textbookId" label="教材" rules={[{ required: true, message: '请选择教材' }]}>
          <Select
            showSearch
            placeholder="搜索教材名称"
            loading={books.isPending}
            optionFilterProp="label"
            options={(books.data ?? []).map((b) => ({
              value: b.id,
              label: `${b.title}（${b.edition.name}）`,
            }))}
            onChange={() => form.setFieldValue('chapterId', undefined)}
          />
        </Form.Item>
        <Form.Item name="chapterId" label="章节">
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            disabled={!textbookId}
            placeholder={textbookId ? '选择章节（可不选）' : '请先选择教材'}
            treeData={treeData}
            treeDefaultExpandAll
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="简介"
          rules={[{ max: DESCRIPTION_MAX, message: `简介不能超过 ${DESCRIPTION_MAX} 个字` }]}
        >
          <Input.TextArea rows={3} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          label="文件"
          required
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? '支持 PDF、Word、PPT、Excel、MP4、MP3、PNG、JPG'}
        >
          <Upload
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setFileError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
        {serverError && (
          <p role="alert" style={{ color: '#c8372d', margin: 0 }}>
            {serverError}
          </p>
        )}
      </Form>
    </Modal>
  );
}
