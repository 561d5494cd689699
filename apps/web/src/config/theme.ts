/**
 * Design tokens of the portal. The antd theme below is built from them; styles/global.css repeats them
 * as CSS custom properties (`--eav-*` for the portal's own styles, `--adm-*` for antd-mobile on the H5
 * site) and theme.test.ts checks that both copies agree and that every text token meets WCAG 2.2
 * AA contrast (1.4.3: 4.5:1 for text; 1.4.11: 3:1 for UI parts) on the backgrounds it is used on.
 * The ratios are listed in docs/accessibility.md.
 */
import type { ThemeConfig } from 'antd';

export const brand = {
  /** Links, primary buttons (white text), active menu entries. */
  primary: '#1459e0',
  primaryDark: '#0b3fa8',
  /** Orange text and orange buttons with white text (badges, 立即激活, prices). */
  accent: '#b04a00',
  /** The bright brand orange: graphics only (logo dot, illustrations), never text or a text background. */
  accentBright: '#ff7a1a',
  /** Green text and the green badges with white text (免费阅读). */
  success: '#1c7a36',
  /** Error messages and destructive actions. */
  danger: '#c92a2a',
  text: '#1f2329',
  /** Secondary text (descriptions, captions). */
  muted: '#646a73',
  /** Tertiary text (dates, counts, hints): the lightest grey allowed for text. */
  subtle: '#666b74',
  /** Hairlines and dividers (decoration, not a UI part's only boundary). */
  line: '#e5e8ef',
  /** Page background of the desktop site. */
  bg: '#f5f7fa',
  /** Page background of the H5 site. */
  bgH5: '#f4f6fa',
  /** The primary tint behind selected items and light badges. */
  primaryTint: '#e8f0ff',
} as const;

/** Fonts of the portal: the system's Chinese UI fonts first. */
const fontFamily =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

/** Background of success tags and alerts; success text on it reaches 4.5:1 (theme.test.ts). */
export const successTint = '#eaf6ed';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    // antd derives lighter hover shades, under 4.5:1 with white text; hovered buttons darken instead.
    colorPrimaryHover: brand.primaryDark,
    colorPrimaryActive: brand.primaryDark,
    colorLinkHover: brand.primaryDark,
    colorErrorHover: '#a61d24',
    colorSuccess: brand.success,
    // antd's tint of the dark success seed is a grey green (#afbab0, 2.7:1 under success text).
    colorSuccessBg: successTint,
    colorSuccessBorder: '#a8d5b5',
    colorError: brand.danger,
    colorWarning: brand.accent,
    colorTextBase: brand.text,
    // antd's defaults (black at 65 % and 45 %) fall under 4.5:1 on grey backgrounds.
    colorTextSecondary: brand.muted,
    colorTextTertiary: brand.subtle,
    colorTextDescription: brand.subtle,
    // Seeds of antd's preset palettes (Tag color="green" etc. draw text in shade 7 of the seed): the
    // defaults give 3.0-3.6:1 on their tints for these four.
    green: brand.success,
    orange: brand.accent,
    gold: '#ad6800',
    cyan: '#006d75',
    borderRadius: 8,
    fontFamily,
  },
};
