import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyRichText } from './lazy';
import { isAllowedUrl, normaliseTeXText, renderRichText } from './render';
import RichText from './rich-text';

describe('renderRichText', () => {
  it('renders inline and display TeX with KaTeX, keeping MathML for screen readers', () => {
    const html = renderRichText('已知 $x^2+1=0$，求 $$\\frac{a}{b}$$');
    expect(html).toContain('class="katex"');
    expect(html).toContain('<math');
    expect(html).toContain('<mfrac>');
    expect(html).toContain('katex-display');
  });

  it('keeps <script> and other raw HTML in the source as text', () => {
    const html = renderRichText('题干<script>alert(1)</script><img src=x onerror=alert(2)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('drops javascript:, data: and protocol-relative links but keeps https and in-app ones', () => {
    const html = renderRichText(
      '[坏](javascript:alert(1)) [坏2](JaVaScRiPt:alert(1)) [坏3](//evil.example) [数据](data:text/html,x) [好](https://example.com/a) [站内](/help?id=1)',
    );
    expect(html).not.toMatch(/href="(javascript|data|\/\/)/i);
    expect(html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">好</a>');
    expect(html).toContain('<a href="/help?id=1">站内</a>');
  });

  it('shows https images lazily without a referrer and refuses others', () => {
    const html = renderRichText('![图](https://cdn.example.com/a.jpg) ![坏](javascript:x)');
    expect(html).toContain(
      '<img src="https://cdn.example.com/a.jpg" alt="图" loading="lazy" referrerpolicy="no-referrer">',
    );
    expect(html).not.toMatch(/src="javascript/i);
    expect(html).toContain('![坏](javascript:x)');
  });

  it('stays readable with broken TeX and blank runs from the data', () => {
    const html = renderRichText('未闭合 $\\frac{1}{ 和 $$\\badmacro{x}$$ 以及 I ______ my homework');
    expect(html).toContain('______');
    // An unknown command shows in red as written; an unclosed `$` stays as text.
    expect(html).toContain('未闭合 $\\frac{1}{ 和');
    expect(html).toContain('color:#cc0000;">\\badmacro</span>');
    expect(html).not.toMatch(/<p>[^]*<p/);
  });

  it('refuses \\href inside formulas (KaTeX runs untrusted)', () => {
    const html = renderRichText('$\\href{javascript:alert(1)}{x}$');
    expect(html).not.toContain('href="javascript');
  });

  it('does not treat indented lines as code and keeps line breaks', () => {
    const html = renderRichText('第一行\n    第二行');
    expect(html).not.toContain('<pre');
    expect(html).toContain('<br>');
  });

  it('reads the LaTeX text commands of imported question banks', () => {
    const html = renderRichText(
      '\\hfill\\break 【分析】\\ 点\\emph{M}的坐标为$(1,\\sqrt{3})$，面积是~\\uline{~~~~~~}~。$a\\textgreater b\\textless c$，选$\\textbar x\\textbar$',
    );
    // The MathML annotation keeps the TeX as written; everything shown is free of the commands.
    const shown = html.replace(/<annotation[^]*?<\/annotation>/g, '');
    expect(shown).not.toMatch(/\\(hfill|break|emph|uline|textgreater|textless|textbar)/);
    expect(html).not.toContain('#cc0000');
    expect(html).toContain('【分析】 点<em>M</em>的坐标为');
    expect(html).toContain('______');
    expect(html).toContain('<mo>&gt;</mo>');
    expect(html).toContain('<mo>&lt;</mo>');
  });

  it('leaves formulas alone when tidying the text around them', () => {
    expect(normaliseTeXText('$\\emph{x}$ 与 \\emph{y}')).toBe('$\\emph{x}$ 与 *y*');
  });

  it('renders inline without a paragraph', () => {
    expect(renderRichText('$a$ 选项', true)).not.toContain('<p>');
  });

  it('checks URLs', () => {
    expect(isAllowedUrl('https://a.example/x')).toBe(true);
    expect(isAllowedUrl('/digitalResources/help')).toBe(true);
    expect(isAllowedUrl('http://a.example')).toBe(false);
    expect(isAllowedUrl('/\\evil.example')).toBe(false);
    expect(isAllowedUrl(' javascript:alert(1)')).toBe(false);
  });
});

describe('RichText', () => {
  it('renders the source into the page, script as visible text', () => {
    const { container } = render(<RichText source={'**粗体** $y=x$ <script>x()</script>'} />);
    expect(container.querySelector('strong')?.textContent).toBe('粗体');
    expect(container.querySelector('.katex')).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>x()</script>');
  });

  it('loads lazily and shows the formula once loaded', async () => {
    const { container } = render(<LazyRichText source="$E=mc^2$" className="stem" />);
    await waitFor(() => expect(container.querySelector('.stem .katex')).not.toBeNull());
    expect(container.querySelector('.stem .katex-mathml')?.innerHTML).toContain('<math');
  });
});
