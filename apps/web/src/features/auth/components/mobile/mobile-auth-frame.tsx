/** Frame of the H5 accounts pages: a NavBar with back, a title block and the white form card. */
import { PrivacyLink, TermsLink } from '@/components/policy-links';
import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import styles from './mobile.module.css';

export function MobileAuthFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <NavBar
        className={styles.nav}
        // antd-mobile hides the `back` text from screen readers; the icon slot is not, so the name goes there.
        backIcon={
          <>
            <LeftOutline />
            <span className={styles.srOnly}>返回</span>
          </>
        }
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        {site.shortName}
      </NavBar>
      <div className={styles.hero}>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      <div className={styles.card}>{children}</div>
      {footer}
      <p className={styles.footnote}>
        平台
        <TermsLink mobile />与<PrivacyLink mobile />
        说明了我们如何收集、使用和保护您的个人信息
      </p>
    </div>
  );
}

export function MobileFormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className={styles.error} role="alert" data-testid="form-error">
      {message}
    </div>
  );
}
