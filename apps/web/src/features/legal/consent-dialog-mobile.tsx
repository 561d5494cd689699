/**
 * The H5 consent dialog of ConsentGate (antd-mobile): accept the current documents or log out. A
 * student account without a birth year (`askBirthYear`) types it here (docs/privacy.md, Guardians).
 */
import { Button, CenterPopup, Form, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '@/api/logout';
import { paths } from '@/config/paths';
import { birthYearRules } from '@/lib/birth-year';
import { errorMessage } from '@/lib/error-message';
import { useAcceptConsent } from './consent-api';
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import styles from './legal.module.css';

export default function MobileConsentDialog({ userId, askBirthYear }: { userId: number; askBirthYear: boolean }) {
  const accept = useAcceptConsent(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ birthYear?: string }>();
  const submit = () =>
    void form
      .validateFields()
      .then((v) => accept.mutate(v.birthYear ? Number(v.birthYear) : undefined))
      .catch(() => {});
  return (
    <CenterPopup visible closeOnMaskClick={false} role="dialog" aria-labelledby="consent-title">
      <div className={styles.dialog} data-testid="consent-dialog">
        <h2 id="consent-title">用户服务协议与隐私政策更新</h2>
        <p>
          请阅读
          <TermsLink mobile />与<PrivacyLink mobile />
          ，了解我们收集哪些信息、为什么收集、保存多久以及您如何导出和删除。同意后方可继续使用平台。
        </p>
        <p>未满十四周岁的学生，请在监护人陪同下阅读并取得监护人同意。</p>
        {askBirthYear && (
          <Form form={form} layout="vertical" className={styles.birthYear}>
            <Form.Item
              name="birthYear"
              label="出生年份"
              rules={birthYearRules}
              description="未满 14 周岁的学生需监护人短信验证同意后才能使用全部功能"
            >
              <Input
                placeholder="4 位数字，如 2014"
                inputMode="numeric"
                maxLength={4}
                clearable
                aria-label="出生年份"
                data-testid="consent-birth-year"
              />
            </Form.Item>
          </Form>
        )}
        {accept.error && (
          <p role="alert" className={styles.error}>
            {errorMessage(accept.error, '提交失败，请稍后重试')}
          </p>
        )}
        <Button block color="primary" loading={accept.isPending} onClick={submit}>
          同意并继续
        </Button>
        <Button block fill="none" onClick={() => void logout(queryClient).then(() => navigate(paths.mobile.home))}>
          不同意并退出登录
        </Button>
      </div>
    </CenterPopup>
  );
}
