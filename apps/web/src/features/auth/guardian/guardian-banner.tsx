/** The desktop banner of a browse-only pupil (antd): why, and the way to the guardian step. */
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import styles from './guardian.module.css';

export default function GuardianBanner() {
  const navigate = useNavigate();
  return (
    <Alert
      banner
      type="warning"
      className={styles.banner}
      data-testid="guardian-banner"
      title="你未满 14 周岁，需监护人同意后才能使用全部功能。目前仅可浏览。"
      action={
        <Button size="small" type="primary" onClick={() => void navigate(paths.guardianConsent)}>
          去完成监护人同意
        </Button>
      }
    />
  );
}
