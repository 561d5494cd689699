/**
 * A 查找 match's text for the result lists of both readers (plain elements, no UI library): the
 * words around it with the match in `<mark>`, an ellipsis where the page text goes on before.
 */
import type { FindMatch } from '../lib/find-in-book';

/** The match's context, the match emphasised. */
export function MatchContext({ match }: { match: FindMatch }) {
  const { before, match: hit, after } = match.context;
  return (
    <>
      {match.start > before.length && '…'}
      {before}
      <mark>{hit}</mark>
      {after}
    </>
  );
}
