/** The H5 page of a 《用户服务协议》/《隐私政策》 document (antd-mobile NavBar, the text on a card). */
import { NavBar } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { PolicyDocument } from './documents';
import styles from './legal.module.css';
import { Sections } from './policy-sections';

/** The H5 page of a document (antd-mobile only). */
export function MobilePolicyPage({ doc, other }: { doc: PolicyDocument; other: { title: string; to: string } }) {
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="policy-document">
      <NavBar
        className={styles.nav}
        // antd-mobile marks its back text aria-hidden, leaving its role=button nameless: `left` names it.
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={() => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home))}
      >
        <h1 className={styles.title}>{doc.title}</h1>
      </NavBar>
      <div className={styles.card}>
        <p className={styles.meta}>{doc.meta}</p>
        <Sections doc={doc} />
        <p>
          另请阅读：<Link to={other.to}>《{other.title}》</Link>
        </p>
      </div>
    </div>
  );
}
