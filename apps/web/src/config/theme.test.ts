import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brand, successTint, theme } from './theme';

/**
 * Relative luminance of an sRGB colour `#rrggbb`, per the WCAG 2.2 definition
 * (https://www.w3.org/TR/WCAG22/#dfn-relative-luminance).
 */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio (L1 + 0.05) / (L2 + 0.05), https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const globalCss = readFileSync(path.join(import.meta.dirname, '../styles/global.css'), 'utf8');
const WHITE = '#ffffff';
/** Backgrounds text sits on: white cards, the page backgrounds of both sites, the tinted badges. */
const SURFACES = { white: WHITE, bg: brand.bg, bgH5: brand.bgH5, primaryTint: brand.primaryTint };
const TEXT_MIN = 4.5; // WCAG 2.2 SC 1.4.3
const UI_MIN = 3; // WCAG 2.2 SC 1.4.11 (and 1.4.3 for large text)

describe('contrast formula', () => {
  it('matches the known extremes and a published pair', () => {
    expect(contrast('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrast(WHITE, WHITE)).toBeCloseTo(1, 5);
    // #767676 on white is the well-known lightest grey passing 4.5:1 (4.54:1).
    expect(contrast('#767676', WHITE)).toBeCloseTo(4.54, 2);
  });
});

describe('theme tokens', () => {
  const textTokens = ['primary', 'primaryDark', 'accent', 'success', 'danger', 'text', 'muted', 'subtle'] as const;
  for (const token of textTokens) {
    for (const [surface, bg] of Object.entries(SURFACES)) {
      it(`${token} text on ${surface} reaches 4.5:1`, () => {
        expect(contrast(brand[token], bg)).toBeGreaterThanOrEqual(TEXT_MIN);
      });
    }
  }

  // Filled buttons and badges carry white text.
  for (const token of ['primary', 'primaryDark', 'accent', 'success', 'danger'] as const) {
    it(`white text on ${token} reaches 4.5:1`, () => {
      expect(contrast(WHITE, brand[token])).toBeGreaterThanOrEqual(TEXT_MIN);
    });
  }

  it('success text on the success tint (tags, alerts) reaches 4.5:1', () => {
    expect(contrast(brand.success, successTint)).toBeGreaterThanOrEqual(TEXT_MIN);
    expect(contrast(brand.success, '#afbab0')).toBeLessThan(TEXT_MIN);
  });

  it('the focus ring (primary) reaches 3:1 against every surface', () => {
    for (const bg of Object.values(SURFACES)) expect(contrast(brand.primary, bg)).toBeGreaterThanOrEqual(UI_MIN);
  });

  it('the old greys and orange would fail, so the test can tell', () => {
    expect(contrast('#8f959e', WHITE)).toBeLessThan(TEXT_MIN);
    expect(contrast(WHITE, brand.accentBright)).toBeLessThan(UI_MIN);
  });

  it('antd uses the tokens', () => {
    expect(theme.token).toMatchObject({
      colorPrimary: brand.primary,
      colorError: brand.danger,
      colorSuccess: brand.success,
      colorTextSecondary: brand.muted,
      colorTextTertiary: brand.subtle,
    });
  });

  it('global.css declares the same values as CSS custom properties', () => {
    const cssVar = (name: string) => new RegExp(`--eav-${name}:\\s*([^;]+);`).exec(globalCss)?.[1]?.trim();
    const kebab = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    for (const [key, value] of Object.entries(brand)) expect(cssVar(kebab(key)), key).toBe(value);
  });

  it('global.css maps antd-mobile colours onto the tokens', () => {
    for (const name of ['primary', 'success', 'warning', 'danger', 'weak', 'text-secondary'])
      expect(globalCss).toMatch(new RegExp(`--adm-color-${name}:\\s*var\\(--eav-`));
  });
});
