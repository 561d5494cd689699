/**
 * The improveInformation form (docs/identity.md, New accounts): real name, school, region, stage,
 * then the grade (students and parents) or the subject (teachers), from the shared dictionaries.
 * The page saves it through `POST /api/v1/user/complete`; the server checks that the grade or
 * subject belongs to the stage. Server messages show above the button.
 */
import type { CompleteProfileBody } from '@eav/contract';
import { Button, DotLoading, Form, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useGrades, useStages, useStageSubjects } from '@/api/dictionaries';
import styles from './mobile.module.css';

interface Values {
  realName: string;
  school: string;
  region: string;
  stageId?: number[];
  gradeId?: number[];
  subjectId?: number[];
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

export function ImproveInformationForm({
  teacher,
  pending,
  error,
  onSubmit,
}: {
  teacher: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: (body: CompleteProfileBody) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [stageId, setStageId] = useState<number | null>(null);
  const stages = useStages();
  const grades = useGrades(stageId);
  const subjects = useStageSubjects(stageId);
  const second = teacher ? subjects : grades;

  return (
    <Form
      form={form}
      layout="vertical"
      mode="card"
      onValuesChange={(changed: Partial<Values>) => {
        if ('stageId' in changed) {
          setStageId(changed.stageId?.[0] ?? null);
          form.setFieldsValue({ gradeId: [], subjectId: [] });
        }
      }}
      onFinish={(v) =>
        onSubmit({
          realName: v.realName.trim(),
          school: v.school.trim(),
          region: v.region.trim(),
          stageId: v.stageId?.[0] ?? 0,
          ...(teacher ? { subjectId: v.subjectId?.[0] ?? null } : { gradeId: v.gradeId?.[0] ?? null }),
        })
      }
      footer={
        <div className={styles.actions}>
          {error && (
            <div className={styles.entryError} role="alert" data-testid="form-error">
              {error}
            </div>
          )}
          <Button block type="submit" color="primary" size="large" loading={pending}>
            完成
          </Button>
        </div>
      }
    >
      <Form.Item name="realName" label="真实姓名" rules={required('请输入真实姓名')}>
        <Input placeholder="请输入真实姓名" maxLength={20} clearable aria-label="真实姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item name="school" label="学校" rules={required('请输入学校')}>
        <Input placeholder="请输入学校全称" maxLength={60} clearable aria-label="学校" />
      </Form.Item>
      <Form.Item name="region" label="地区" rules={required('请输入所在地区')}>
        <Input placeholder="如：杭州市西湖区" maxLength={40} clearable aria-label="地区" />
      </Form.Item>
      <Form.Item name="stageId" label="学段" rules={[{ required: true, type: 'array', min: 1, message: '请选择学段' }]}>
        {stages.isPending ? (
          <DotLoading />
        ) : stages.isError ? (
          <span role="alert">学段加载失败，请稍后重试</span>
        ) : (
          <Selector columns={3} options={stages.data.map((s) => ({ label: s.name, value: s.id }))} />
        )}
      </Form.Item>
      {stageId != null && (
        <Form.Item
          name={teacher ? 'subjectId' : 'gradeId'}
          label={teacher ? '任教学科' : '年级'}
          rules={[{ required: true, type: 'array', min: 1, message: teacher ? '请选择学科' : '请选择年级' }]}
        >
          {second.isPending ? (
            <DotLoading />
          ) : second.isError ? (
            <span role="alert">列表加载失败，请稍后重试</span>
          ) : second.data.length === 0 ? (
            <span>该学段暂无可选项</span>
          ) : (
            <Selector columns={3} options={second.data.map((s) => ({ label: s.name, value: s.id }))} />
          )}
        </Form.Item>
      )}
    </Form>
  );
}
