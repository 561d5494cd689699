/** Placeholder page for areas that later work builds (建设中), inside the real shell. */
import { useMatches } from 'react-router';

export default function ComingSoonRoute() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  return (
    <section style={{ padding: '80px 24px', textAlign: 'center' }}>
      <h1>{handle?.title ?? '栏目'}</h1>
      <p>该栏目正在建设中，敬请期待。</p>
    </section>
  );
}
