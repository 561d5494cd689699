/**
 * 创建班级: school, 学段 → 年级 and 学科, 版本, optionally the class's textbook, the name and how
 * students join. The server checks the same rules (classCreateBody) and answers its own message.
 */
import type { ClassCreateBody, ClassSummary } from '@eav/contract';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useGrades, useStageSubjects, useStages } from '@/api/dictionaries';
import { errorMessage } from '@/lib/error-message';
import { useCreateClass } from '../../api/create-class';
import { useChapterBooks } from '../../api/get-chapter-books';
import { useEditions } from '../../api/get-editions';
import { JOIN_MODE_LABELS } from '../../lib/labels';
import styles from './desktop.module.css';

interface Values {
  school: string;
  stageId?: number;
  gradeId?: number;
  subjectId?: number;
  editionId?: number;
  textbookId?: number;
  name: string;
  joinMode: 'auto' | 'approve';
}

export function CreateClassDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(c: ClassSummary): void;
}) {
  const [form] = Form.useForm<Values>();
  const stageId = Form.useWatch('stageId', form);
  const gradeId = Form.useWatch('gradeId', form);
  const subjectId = Form.useWatch('subjectId', form);
  const editionId = Form.useWatch('editionId', form);
  const stages = useStages();
  const grades = useGrades(stageId);
  const subjects = useStageSubjects(stageId);
  const editions = useEditions();
  const books = useChapterBooks({
    stageId: stageId ? String(stageId) : undefined,
    subjectId: subjectId ? String(subjectId) : undefined,
    editionId: editionId ? String(editionId) : undefined,
    gradeId: gradeId ? String(gradeId) : undefined,
  });
  const create = useCreateClass();
  const [error, setError] = useState<string | null>(null);

  const submit = (v: Values) => {
    setError(null);
    const body: ClassCreateBody = {
      name: v.name.trim(),
      school: v.school.trim(),
      gradeId: v.gradeId!,
      subjectId: v.subjectId!,
      editionId: v.editionId,
      textbookId: v.textbookId,
      joinMode: v.joinMode,
    };
    create.mutate(body, {
      onSuccess: (c) => {
        form.resetFields();
        onCreated(c);
      },
      onError: (e) => setError(errorMessage(e, '创建失败，请稍后重试')),
    });
  };
  const dict = (list: { id: number; name: string }[] | undefined) => list?.map((d) => ({ value: d.id, label: d.name }));

  return (
    <Modal
      open={open}
      title="创建班级"
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      rootClassName={styles.modal}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ joinMode: 'auto' }} requiredMark>
        <Form.Item name="school" label="学校" rules={[{ required: true, whitespace: true, message: '请输入学校' }]}>
          <Input maxLength={60} placeholder="如：杭州市第一中学" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item name="stageId" label="学段" rules={[{ required: true, message: '请选择学段' }]}>
            <Select
              options={dict(stages.data)}
              loading={stages.isLoading}
              placeholder="选择学段"
              onChange={() => form.setFieldsValue({ gradeId: undefined, subjectId: undefined, textbookId: undefined })}
            />
          </Form.Item>
          <Form.Item name="gradeId" label="年级" rules={[{ required: true, message: '请选择年级' }]}>
            <Select options={dict(grades.data)} disabled={!stageId} placeholder="选择年级" />
          </Form.Item>
          <Form.Item name="subjectId" label="学科" rules={[{ required: true, message: '请选择学科' }]}>
            <Select options={dict(subjects.data)} disabled={!stageId} placeholder="选择学科" />
          </Form.Item>
          <Form.Item name="editionId" label="教材版本">
            <Select
              options={dict(editions.data)}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="选择版本"
            />
          </Form.Item>
        </div>
        <Form.Item name="textbookId" label="班级教材" extra="选择后，布置阅读和作业时默认使用这本教材的章节">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={!stageId || !subjectId}
            loading={books.isLoading}
            placeholder={stageId && subjectId ? '选择教材（可不选）' : '先选择学段和学科'}
            options={books.data?.map((b) => ({ value: b.id, label: b.title }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="班级名称"
          rules={[{ required: true, whitespace: true, message: '请输入班级名称' }]}
        >
          <Input maxLength={40} placeholder="如：七年级（1）班 数学" />
        </Form.Item>
        <Form.Item name="joinMode" label="加入方式">
          <Radio.Group
            options={(['auto', 'approve'] as const).map((m) => ({ value: m, label: JOIN_MODE_LABELS[m] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
