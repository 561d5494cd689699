/**
 * 修改密码: old password, new password (contract rules) and confirmation. The server
 * keeps the current login and ends the others; a wrong old password counts towards the lockout.
 */
import { newPasswordField } from '@eav/contract';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { requiredRule, sameAsRule, zodRule } from '@/lib/form-rules';
import { useChangePassword } from '../api/change-password';
import styles from './user.module.css';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export function PasswordForm({ userId }: { userId: number }) {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword(userId);
  const { message } = App.useApp();
  const [formError, setFormError] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    setFormError(null);
    try {
      await change.mutateAsync({ oldPassword: v.oldPassword, newPassword: v.newPassword });
      form.resetFields();
      message.success('密码已修改，其他设备上的登录已退出');
    } catch (error) {
      const msg = error instanceof ApiError ? error.msg : '修改失败，请稍后重试';
      const code = error instanceof ApiError ? String(error.code) : '';
      if (code === 'AUTH.WEAK_PASSWORD') form.setFields([{ name: 'newPassword', errors: [msg] }]);
      else if (code === 'AUTH.BAD_CREDENTIALS') form.setFields([{ name: 'oldPassword', errors: [msg] }]);
      else setFormError(msg);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.formNarrow}
      onFinish={onFinish}
      onValuesChange={() => setFormError(null)}
      aria-label="修改密码"
    >
      <Form.Item name="oldPassword" label="原密码" rules={[requiredRule('请输入原密码')]}>
        <Input.Password autoComplete="current-password" maxLength={64} placeholder="请输入当前使用的密码" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        extra="8-64 位，须同时包含字母和数字，不能使用常见弱密码"
        dependencies={['oldPassword']}
        rules={[
          requiredRule('请输入新密码'),
          zodRule(newPasswordField),
          {
            validator: async (_r, v) => {
              if (v && v === form.getFieldValue('oldPassword')) throw new Error('新密码不能与原密码相同');
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} placeholder="请输入新密码" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[requiredRule('请再次输入新密码'), sameAsRule(() => form.getFieldValue('newPassword'))]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} placeholder="请再次输入新密码" />
      </Form.Item>
      {formError && <Alert type="error" showIcon title={formError} role="alert" style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        确认修改
      </Button>
    </Form>
  );
}
