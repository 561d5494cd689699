/**
 * 注销账号: a dialog that states plainly what cancellation does, asks to tick an
 * acknowledgement, and confirms by an SMS code to the account's phone or by the login password.
 * On success the local session is cleared and the browser goes to `/` (docs/product.md §4, log out).
 */
import { maskPhone } from '@eav/contract';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Radio, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useCancelAccount } from '../api/cancel-account';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { rules } from '../utils/rules';
import { PhoneCaptchaSmsFields } from './auth-fields';
import { FormAlert } from './form-alert';

interface Values {
  method: 'sms' | 'password';
  captchaCode?: string;
  smsCode?: string;
  smsTicket?: string;
  password?: string;
  acknowledged: boolean;
}

function SmsConfirm({ phone, onFormError }: { phone: string; onFormError: (msg: string) => void }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        验证码将发送至 {maskPhone(phone)}
      </Typography.Paragraph>
      <PhoneCaptchaSmsFields purpose="cancel" fixedPhone={phone} size="middle" onFormError={onFormError} />
    </>
  );
}

export function CancelAccountDialog({
  open,
  phone,
  onClose,
}: {
  open: boolean;
  phone: string | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form) ?? (phone ? 'sms' : 'password');
  const cancel = useCancelAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const { formError, setFormError, onFinish } = useAuthSubmit<Values>(form, {
    fields: ['smsCode', 'password'],
    submit: async (values) => {
      await cancel.mutateAsync(
        values.method === 'sms'
          ? { smsCode: values.smsCode, smsTicket: values.smsTicket }
          : { password: values.password },
      );
      useSession.getState().clear();
      queryClient.clear();
      modal.success({ title: '账号已注销', content: '您的个人信息已删除，感谢您的使用。' });
      void navigate(paths.home, { replace: true });
    },
  });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <span>
          <ExclamationCircleFilled style={{ color: 'var(--eav-danger)', marginRight: 8 }} />
          注销账号
        </span>
      }
      footer={null}
      destroyOnHidden
      width={480}
    >
      <Alert
        type="warning"
        showIcon
        title="注销后不可恢复，请谨慎操作"
        description={
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            <li>个人资料、头像及上传的文件将被删除；</li>
            <li>已激活的教材、我的资源等将无法再访问；</li>
            <li>所有登录状态立即失效，手机号将被释放，可重新注册新账号。</li>
          </ul>
        }
        style={{ marginBottom: 20 }}
      />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={() => setFormError(null)}
        initialValues={{ method: phone ? 'sms' : 'password', acknowledged: false }}
        aria-label="注销账号确认"
      >
        <Form.Item name="method" label="身份验证方式">
          <Radio.Group>
            <Radio value="sms" disabled={!phone}>
              短信验证码
            </Radio>
            <Radio value="password">登录密码</Radio>
          </Radio.Group>
        </Form.Item>
        {method === 'sms' && phone ? (
          <SmsConfirm phone={phone} onFormError={setFormError} />
        ) : (
          <Form.Item name="password" rules={rules.password}>
            <Input.Password placeholder="请输入登录密码" autoComplete="current-password" aria-label="登录密码" />
          </Form.Item>
        )}
        <Form.Item
          name="acknowledged"
          valuePropName="checked"
          rules={[
            {
              validator: async (_r, v) => {
                if (!v) throw new Error('请确认已了解注销后果');
              },
            },
          ]}
        >
          <Checkbox>我已了解注销后果，确认注销账号</Checkbox>
        </Form.Item>
        <FormAlert message={formError} />
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 12 }}>
          <Button onClick={onClose}>再想想</Button>
          <Button type="primary" danger htmlType="submit" loading={cancel.isPending}>
            确认注销
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
