/** The H5 consent dialog of ConsentGate (antd-mobile): accept the current documents or log out. */
import { Button, CenterPopup } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '@/api/logout';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { useAcceptConsent } from './consent-api';
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import styles from './legal.module.css';

export default function MobileConsentDialog({ userId }: { userId: number }) {
  const accept = useAcceptConsent(userId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
        {accept.error && (
          <p role="alert" className={styles.error}>
            {errorMessage(accept.error, '提交失败，请稍后重试')}
          </p>
        )}
        <Button block color="primary" loading={accept.isPending} onClick={() => accept.mutate()}>
          同意并继续
        </Button>
        <Button block fill="none" onClick={() => void logout(queryClient).then(() => navigate(paths.mobile.home))}>
          不同意并退出登录
        </Button>
      </div>
    </CenterPopup>
  );
}
