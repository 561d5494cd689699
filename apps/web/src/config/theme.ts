/** Design tokens of the portal (antd theme); the shell and pages use these colours. */
import type { ThemeConfig } from 'antd';

export const brand = {
  primary: '#1664ff',
  primaryDark: '#0b3fa8',
  accent: '#ff7a1a',
  text: '#1f2329',
  muted: '#646a73',
  bg: '#f5f7fa',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorLink: brand.primary,
    borderRadius: 8,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
  },
};
