/** The desktop page of a 《用户服务协议》/《隐私政策》 document: the `eav-doc` article of the other text pages. */
import { Link } from 'react-router';
import type { PolicyDocument } from './documents';
import { Sections } from './policy-sections';

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
