/**
 * Renders a 《用户服务协议》/《隐私政策》 document: the desktop page (the `eav-doc` article of the
 * other text pages) and the H5 page (antd-mobile NavBar, plain text on a card).
 */
import { NavBar } from 'antd-mobile';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import type { PolicyDocument } from './documents';
import styles from './legal.module.css';

function Sections({ doc }: { doc: PolicyDocument }) {
  return (
    <>
      <p>{doc.intro}</p>
      {doc.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.items && (
            <ul>
              {s.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

/** The desktop page of a document, with a link to the other one. */
export function PolicyPage({ doc, other }: { doc: PolicyDocument; other: { title: string; to: string } }) {
  return (
    <article className="eav-doc eav-container" data-testid="policy-document">
      <header className="eav-doc__head">
        <h1>{doc.title}</h1>
        <p>{doc.meta}</p>
      </header>
      <Sections doc={doc} />
      <p>
        另请阅读：<Link to={other.to}>《{other.title}》</Link>
      </p>
    </article>
  );
}

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
