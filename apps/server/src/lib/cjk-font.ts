/**
 * The CJK font the server ships: Noto Sans SC (OFL), from the npm package
 * @expo-google-fonts/noto-sans-sc, a production dependency. PDFs embed it (paper-export.ts, training
 * certificates) and generated covers are rasterised with it (cover-raster.ts), so neither depends on
 * the fonts installed on the machine. Resolved from this module's URL, which works from the
 * TypeScript source and from the bundled server (dist/main.js) alike: the package stays external.
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);
const PACKAGE = '@expo-google-fonts/noto-sans-sc';

/** The font's family name, as fontconfig and SVG `font-family` know it. */
export const CJK_FONT_FAMILY = 'Noto Sans SC';

/** Absolute paths of the regular (400) and bold (700) TTF files. Throws when the package is missing. */
export function cjkFontFiles(): { regular: string; bold: string } {
  return {
    regular: requireHere.resolve(`${PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`),
    bold: requireHere.resolve(`${PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`),
  };
}

/**
 * Names the shipped font's release (package and version): renderings made with it are cached under
 * it, so another font (an upgrade, or none) never serves what an earlier one drew.
 */
export function cjkFontId(): string {
  const { version } = requireHere(`${PACKAGE}/package.json`) as { version: string };
  return `${PACKAGE}@${version}`;
}
