/** The H5 page of a 《用户服务协议》/《隐私政策》 document (antd-mobile NavBar, the text on a card). */
import { Link } from 'react-router';
import { H5Page } from '@/components/layouts/h5-page';
import type { PolicyDocument } from './documents';
import styles from './legal.module.css';
import { Sections } from './policy-sections';

/** The H5 page of a document (antd-mobile only). */
export function MobilePolicyPage({ doc, other }: { doc: PolicyDocument; other: { title: string; to: string } }) {
  return (
    <H5Page title={doc.title} testId="policy-document">
      <div className={styles.card}>
        <p className={styles.meta}>{doc.meta}</p>
        <Sections doc={doc} />
        <p>
          另请阅读：<Link to={other.to}>《{other.title}》</Link>
        </p>
      </div>
    </H5Page>
  );
}
