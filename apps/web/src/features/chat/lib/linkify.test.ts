import { describe, expect, it } from 'vitest';
import { httpsOnly, linkify, sameOriginOnly } from './linkify';

describe('linkify', () => {
  const portal = sameOriginOnly('https://szjc.example.edu.cn');

  it('makes links on the portal origin clickable and leaves others as text', () => {
    expect(linkify('看 https://szjc.example.edu.cn/#/help，还有 https://evil.example/x', portal)).toEqual([
      { text: '看 ' },
      { text: 'https://szjc.example.edu.cn/#/help', href: 'https://szjc.example.edu.cn/#/help' },
      { text: '，还有 https://evil.example/x' },
    ]);
  });

  it('never turns markup or script URLs into links', () => {
    expect(linkify('<a href="javascript:alert(1)">x</a>', httpsOnly)).toEqual([
      { text: '<a href="javascript:alert(1)">x</a>' },
    ]);
    expect(linkify('http://plain.example 与 https://ok.example/a.', httpsOnly)).toEqual([
      { text: 'http://plain.example 与 ' },
      { text: 'https://ok.example/a', href: 'https://ok.example/a' },
      { text: '.' },
    ]);
  });
});
