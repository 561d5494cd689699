/** 监护人同意 on the phone (/mobileH5/guardian-consent, docs/privacy.md, Guardians). */
import { NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { MobileGuardianConsent } from '@/features/auth/guardian/mobile-guardian-consent';
import styles from '@/features/auth/guardian/guardian-mobile.module.css';

export default function MobileGuardianConsentRoute() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <NavBar
        className={styles.nav}
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        <h1 className={styles.title}>监护人同意</h1>
      </NavBar>
      <MobileGuardianConsent />
    </div>
  );
}
