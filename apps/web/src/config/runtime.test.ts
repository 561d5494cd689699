/**
 * The run-time configuration tag the server writes into index.html: read with the HTML escaping
 * undone, refused loudly when missing or damaged (never a silent development secret).
 */
import { describe, expect, it } from 'vitest';
import { RuntimeConfigError, readRuntimeConfig, runtimeConfig } from './runtime';

/** A document as the server renders it: the JSON escaped into the content attribute. */
function page(content: string | null): Document {
  const escaped = content?.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const meta = content === null ? '' : `<meta name="eav-config" content="${escaped}">`;
  return new DOMParser().parseFromString(`<!doctype html><html><head>${meta}</head><body></body></html>`, 'text/html');
}

describe('readRuntimeConfig', () => {
  it('reads the secret, origin and features the server wrote, escaping undone', () => {
    const written = {
      signSecret: 's"<&>\'ecret',
      publicOrigin: 'https://szjc.example.edu.cn/',
      features: { apiDocs: false, other: true },
    };
    expect(readRuntimeConfig(page(JSON.stringify(written)))).toEqual({
      signSecret: 's"<&>\'ecret',
      publicOrigin: 'https://szjc.example.edu.cn',
      features: { apiDocs: false, other: true },
    });
  });

  it("uses the page's origin when the server has no public origin and reads odd features as off", () => {
    const meta = document.querySelector('meta[name="eav-config"]')!;
    const original = meta.getAttribute('content')!;
    meta.setAttribute('content', JSON.stringify({ signSecret: 'k', publicOrigin: null, features: { apiDocs: 'yes' } }));
    try {
      expect(readRuntimeConfig()).toEqual({
        signSecret: 'k',
        publicOrigin: window.location.origin,
        features: { apiDocs: false },
      });
    } finally {
      meta.setAttribute('content', original);
    }
  });

  it.each([
    ['a page without the tag', page(null), /missing/],
    ['an empty tag', page(''), /missing/],
    ['a tag that is not JSON', page('{signSecret:'), /not JSON/],
    ['a configuration that is not an object', page('["k"]'), /not an object/],
    ['a configuration without a secret', page(JSON.stringify({ publicOrigin: null, features: {} })), /signSecret/],
    ['an empty secret', page(JSON.stringify({ signSecret: '' })), /signSecret/],
    [
      'a public origin that is not a string',
      page(JSON.stringify({ signSecret: 'k', publicOrigin: 1 })),
      /publicOrigin/,
    ],
  ])('refuses %s', (_what, doc, message) => {
    expect(() => readRuntimeConfig(doc)).toThrow(RuntimeConfigError);
    expect(() => readRuntimeConfig(doc)).toThrow(message);
  });
});

describe('runtimeConfig', () => {
  it('reads the current page once', () => {
    const first = runtimeConfig();
    expect(first.signSecret).toBe('dev-secret');
    document.querySelector('meta[name="eav-config"]')?.setAttribute('content', '{"signSecret":"changed"}');
    expect(runtimeConfig()).toBe(first);
  });
});
