/** The first screen's answers the server puts into the page: each taken once, only successful ones. */
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_META, resetInlinedAnswers, takeInlinedAnswer } from './inlined-answers';

function page(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = FIRST_SCREEN_META;
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

afterEach(() => resetInlinedAnswers());

describe('takeInlinedAnswer', () => {
  it("gives a path's data once, then leaves later fetches to the network", () => {
    const doc = page(
      JSON.stringify({
        '/prize/api/v1/banner': { code: 200, msg: 'success', data: [{ id: 1, title: '寒假阅读</script>' }] },
      }),
    );
    expect(takeInlinedAnswer('/prize/api/v1/banner', doc)).toEqual([{ id: 1, title: '寒假阅读</script>' }]);
    expect(takeInlinedAnswer('/prize/api/v1/banner', doc)).toBeUndefined();
  });

  it('keeps an empty list: an empty carousel is an answer too', () => {
    const doc = page(JSON.stringify({ '/prize/api/v1/banner': { code: 200, msg: 'success', data: [] } }));
    expect(takeInlinedAnswer('/prize/api/v1/banner', doc)).toEqual([]);
  });

  it('ignores failed envelopes, other paths, a broken tag and a page without one', () => {
    const failed = page(JSON.stringify({ '/a': { code: 500, msg: '服务繁忙', data: null }, '/b': null }));
    expect(takeInlinedAnswer('/a', failed)).toBeUndefined();
    expect(takeInlinedAnswer('/b', failed)).toBeUndefined();
    expect(takeInlinedAnswer('/c', failed)).toBeUndefined();
    for (const content of ['{not json', '[1,2]', 'null', null]) {
      resetInlinedAnswers();
      expect(takeInlinedAnswer('/a', page(content))).toBeUndefined();
    }
  });
});
