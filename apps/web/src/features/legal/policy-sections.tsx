/** The body of a 《用户服务协议》/《隐私政策》 document, the same on the desktop and the H5 pages. */
import type { PolicyDocument } from './documents';

export function Sections({ doc }: { doc: PolicyDocument }) {
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
