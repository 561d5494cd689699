/**
 * The desktop consent dialog of ConsentGate (antd): accept the current documents or log out. A
 * student account without a birth year (`askBirthYear`) chooses it here (docs/privacy.md, Guardians).
 */
import { Alert, Button, Form, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '@/api/logout';
import { birthYearOptions, birthYearRules } from '@/lib/birth-year';
import { errorMessage } from '@/lib/error-message';
import { useAcceptConsent } from './consent-api';
import { PrivacyLink, TermsLink } from '@/components/policy-links';

export default function ConsentDialog({ userId, askBirthYear }: { userId: number; askBirthYear: boolean }) {
  const accept = useAcceptConsent(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ birthYear?: number }>();
  const submit = () =>
    void form
      .validateFields()
      .then((v) => accept.mutate(v.birthYear))
      .catch(() => {});
  return (
    <Modal
      open
      title="用户服务协议与隐私政策更新"
      closable={false}
      maskClosable={false}
      keyboard={false}
      data-testid="consent-dialog"
      footer={[
        <Button key="out" onClick={() => void logout(queryClient).then(() => navigate('/'))}>
          不同意并退出登录
        </Button>,
        <Button key="ok" type="primary" loading={accept.isPending} onClick={submit}>
          同意并继续
        </Button>,
      ]}
    >
      <p>
        请阅读
        <TermsLink newTab />与<PrivacyLink newTab />
        ，了解我们收集哪些信息、为什么收集、保存多久以及您如何导出和删除。同意后方可继续使用平台。
      </p>
      <p>未满十四周岁的学生，请在监护人陪同下阅读并取得监护人同意。</p>
      {askBirthYear && (
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            label="出生年份"
            name="birthYear"
            rules={birthYearRules}
            extra="学生账号需填写出生年份；未满 14 周岁的学生需监护人通过短信验证同意后才能使用全部功能"
          >
            <Select
              showSearch
              placeholder="请选择出生年份"
              options={birthYearOptions()}
              optionFilterProp="label"
              data-testid="consent-birth-year"
            />
          </Form.Item>
        </Form>
      )}
      {accept.error && <Alert type="error" showIcon title={errorMessage(accept.error, '提交失败，请稍后重试')} />}
    </Modal>
  );
}
