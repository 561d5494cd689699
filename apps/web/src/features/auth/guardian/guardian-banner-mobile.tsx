/** The H5 banner of a browse-only pupil (antd-mobile): why, and the way to the guardian step. */
import { NoticeBar } from 'antd-mobile';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './guardian-mobile.module.css';

export default function MobileGuardianBanner() {
  return (
    <NoticeBar
      color="alert"
      wrap
      className={styles.banner}
      data-testid="guardian-banner"
      content={
        <span>
          你未满 14 周岁，需监护人同意后才能使用全部功能，目前仅可浏览。
          <Link to={paths.mobile.guardianConsent} className={styles.bannerLink}>
            去完成监护人同意
          </Link>
        </span>
      }
    />
  );
}
