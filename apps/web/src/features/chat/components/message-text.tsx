/**
 * A chat message's text (docs/chat.md): always plain text (React escapes it; no HTML is ever
 * rendered), with the URLs that `allow` accepts as links opening in a new tab.
 */
import { linkify } from '../lib/linkify';

export function MessageText({ text, allow }: { text: string; allow: (url: URL) => boolean }) {
  return (
    <>
      {linkify(text, allow).map((s, i) =>
        s.href ? (
          <a key={i} href={s.href} target="_blank" rel="noopener noreferrer nofollow">
            {s.text}
          </a>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
