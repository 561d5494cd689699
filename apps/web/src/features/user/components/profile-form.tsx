/**
 * Profile edit / completion form (docs/accounts.md; `POST ApiPaths.userComplete`): user name, real name,
 * school, region, 学段 and, by identity, 年级 (students) or 任教学科 + optional 年级 (teachers).
 * Grades and subjects follow the chosen stage. Limits and messages come from the contract.
 */
import { LIMITS, userNameField, type UserProfile } from '@eav/contract';
import { AutoComplete, Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useGrades, useStages, useStageSubjects } from '@/api/dictionaries';
import { requiredRule, zodRule } from '@/lib/form-rules';
import { ApiError } from '@/lib/api-client';
import { useCompleteProfile } from '../api/complete-profile';
import styles from './user.module.css';

/** Prefecture-level cities of Zhejiang (the portal's province), offered as region suggestions. */
const REGIONS = [
  '杭州市',
  '宁波市',
  '温州市',
  '嘉兴市',
  '湖州市',
  '绍兴市',
  '金华市',
  '衢州市',
  '舟山市',
  '台州市',
  '丽水市',
].map((c) => `浙江省${c}`);

interface Values {
  userName: string;
  realName: string;
  school: string;
  region: string;
  stageId?: number;
  gradeId?: number | null;
  subjectId?: number | null;
}

export function ProfileForm({
  profile,
  onDone,
  onCancel,
}: {
  profile: UserProfile;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const stageId = Form.useWatch('stageId', form) ?? profile.stageId ?? undefined;
  const stages = useStages();
  const grades = useGrades(stageId);
  const subjects = useStageSubjects(stageId);
  const save = useCompleteProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const teacher = profile.identity === 'teacher';
  const [regionQuery, setRegionQuery] = useState('');

  const onFinish = async (v: Values) => {
    setFormError(null);
    try {
      await save.mutateAsync({
        userName: v.userName.trim() !== profile.userName ? v.userName.trim() : undefined,
        realName: v.realName.trim(),
        school: v.school.trim(),
        region: v.region.trim(),
        stageId: v.stageId!,
        gradeId: v.gradeId ?? null,
        subjectId: teacher ? (v.subjectId ?? null) : null,
      });
      onDone();
    } catch (error) {
      const msg = error instanceof ApiError ? error.msg : '保存失败，请稍后重试';
      if (error instanceof ApiError && error.code === 'AUTH.USERNAME_TAKEN')
        form.setFields([{ name: 'userName', errors: [msg] }]);
      else setFormError(msg);
    }
  };

  const dictOptions = (list: { id: number; name: string }[] | undefined) =>
    list?.map((d) => ({ value: d.id, label: d.name })) ?? [];

  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.formNarrow}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        setFormError(null);
        // A new stage invalidates the grade and subject chosen for the old one.
        if ('stageId' in changed) form.setFieldsValue({ gradeId: null, subjectId: null });
      }}
      initialValues={{
        userName: profile.userName,
        realName: profile.realName ?? '',
        school: profile.school ?? '',
        region: profile.region ?? '',
        stageId: profile.stageId ?? undefined,
        gradeId: profile.gradeId ?? undefined,
        subjectId: profile.subjectId ?? undefined,
      }}
      aria-label="编辑个人资料"
    >
      <Form.Item name="userName" label="用户名" rules={[requiredRule('请输入用户名'), zodRule(userNameField)]}>
        <Input maxLength={LIMITS.userName.max} />
      </Form.Item>
      <Form.Item name="realName" label="真实姓名" rules={[requiredRule('请输入真实姓名')]}>
        <Input maxLength={LIMITS.realName.max} placeholder="用于教材激活与证书等实名场景" />
      </Form.Item>
      <Form.Item name="region" label="所在地区" rules={[requiredRule('请选择或输入所在地区')]}>
        <AutoComplete
          options={REGIONS.filter((r) => r.includes(regionQuery)).map((r) => ({ value: r }))}
          onSearch={setRegionQuery}
          maxLength={LIMITS.region.max}
          placeholder="如：浙江省杭州市"
        />
      </Form.Item>
      <Form.Item name="school" label="学校" rules={[requiredRule('请输入学校名称')]}>
        <Input maxLength={LIMITS.school.max} placeholder="请输入学校全称" />
      </Form.Item>
      <Form.Item name="stageId" label="学段" rules={[{ required: true, message: '请选择学段' }]}>
        <Select
          placeholder="请选择学段"
          loading={stages.isLoading}
          options={dictOptions(stages.data)}
          notFoundContent={stages.isError ? '学段加载失败' : undefined}
        />
      </Form.Item>
      {teacher && (
        <Form.Item name="subjectId" label="任教学科" rules={[{ required: true, message: '请选择任教学科' }]}>
          <Select
            placeholder={stageId ? '请选择任教学科' : '请先选择学段'}
            disabled={!stageId}
            loading={subjects.isLoading}
            options={dictOptions(subjects.data)}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
      )}
      <Form.Item
        name="gradeId"
        label={teacher ? '任教年级（选填）' : '年级'}
        rules={teacher ? [] : [{ required: true, message: '请选择年级' }]}
      >
        <Select
          placeholder={stageId ? '请选择年级' : '请先选择学段'}
          disabled={!stageId}
          loading={grades.isLoading}
          options={dictOptions(grades.data)}
          allowClear={teacher}
        />
      </Form.Item>
      {formError && (
        <div role="alert" style={{ color: 'var(--eav-danger)', marginBottom: 16 }}>
          {formError}
        </div>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存资料
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  );
}
