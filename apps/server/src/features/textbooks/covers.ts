/**
 * Generated textbook covers (SVG, 3:4) for books without an imported cover: a designed book face
 * in the subject's colour with spine, pattern, stage/grade label, subject, title, volume badge,
 * edition and publisher. Deterministic for a given book, so responses are cacheable.
 */
import { CJK_FONT_FAMILY } from '../../lib/cjk-font';

/** Subject colour pairs [deep, light]; subjects not listed get one from the fallback palette by name. */
const SUBJECT_COLOURS: [match: RegExp, deep: string, light: string][] = [
  [/书法/, '#3f3a36', '#8a7f72'],
  [/语文/, '#b3362f', '#e0705c'],
  [/数学|中考/, '#1f5fae', '#4f9be0'],
  [/英语|日语|俄语/, '#6a3fa0', '#a37bd6'],
  [/物理/, '#155e75', '#3aa3c2'],
  [/化学/, '#0f766e', '#3cbfa8'],
  [/生物/, '#2f7a32', '#6fbf5a'],
  [/地理/, '#8a5a14', '#d9a441'],
  [/历史/, '#7c2d12', '#c2703d'],
  [/道德|政治/, '#a1252b', '#e25550'],
  [/科学/, '#0b6e8a', '#37b5c9'],
  [/信息|通用技术/, '#334a8c', '#5f7fd1'],
  [/音乐/, '#b4236c', '#ea6aa6'],
  [/美术|艺术/, '#c2410c', '#f59e52'],
  [/体育/, '#15803d', '#4cc27a'],
  [/劳动/, '#8b5a2b', '#cf9a5c'],
];
const FALLBACK: [string, string][] = [
  ['#374151', '#6b7280'],
  ['#1e3a8a', '#3b82f6'],
  ['#7f1d1d', '#dc2626'],
  ['#064e3b', '#10b981'],
];

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function subjectColours(subject: string): [string, string] {
  for (const [re, deep, light] of SUBJECT_COLOURS) if (re.test(subject)) return [deep, light];
  return FALLBACK[hash(subject) % FALLBACK.length]!;
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Approximate advance of a string in em: CJK and full-width 1, others 0.55. */
function ems(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u2E80-\uFFEF]/.test(ch) ? 1 : 0.55;
  return w;
}

/** Greedy wrap by width (em units), at most `maxLines`, ellipsis on overflow. */
function wrap(text: string, maxEm: number, maxLines: number): string[] {
  const lines: string[] = [];
  let cur = '';
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const next = cur + chars[i];
    if (ems(next) > maxEm) {
      lines.push(cur);
      cur = chars[i]!;
      if (lines.length === maxLines) {
        const last = lines[maxLines - 1]!;
        lines[maxLines - 1] = [...last].slice(0, -1).join('') + '…';
        return lines;
      }
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

export interface CoverInput {
  id: number;
  title: string;
  stage: string;
  subject: string;
  edition: string;
  grade: string | null;
  volume: string | null;
  publisher: string | null;
}

/**
 * The shipped font first: the server draws the WebP covers with it (cover-raster.ts). A browser
 * drawing the SVG cover has no web fonts in an `<img>` and takes the first one installed.
 */
const FONT = `'${CJK_FONT_FAMILY}','PingFang SC','Hiragino Sans GB','Microsoft YaHei','Source Han Sans SC',sans-serif`;

/** The SVG document of a generated cover (300 × 400 user units). */
export function coverSvg(b: CoverInput): string {
  const [deep, light] = subjectColours(b.subject);
  const seed = hash(`${b.subject}|${b.edition}`);
  const variant = seed % 3;
  const label = [b.stage.replace(/（.*?）/, ''), b.grade].filter(Boolean).join(' · ');
  // The subject as the big word: drop qualifiers after '·' for the headline.
  const headline = b.subject.split('·')[0]!;
  const headSize = Math.min(52, Math.floor(230 / Math.max(2, ems(headline))));
  const titleLines = wrap(b.title, 240 / 14, 3);
  const volume = b.volume ?? '';
  const volSize = volume.length > 4 ? 12 : 15;
  const publisher = b.publisher ?? '';
  const pattern =
    variant === 0
      ? `<circle cx="262" cy="58" r="96" fill="none" stroke="#fff" stroke-opacity=".16" stroke-width="18"/><circle cx="262" cy="58" r="52" fill="#fff" fill-opacity=".10"/><circle cx="40" cy="300" r="70" fill="#fff" fill-opacity=".06"/>`
      : variant === 1
        ? `<path d="M150 0 L300 0 L300 150 Z" fill="#fff" fill-opacity=".10"/><path d="M190 0 L300 0 L300 110 Z" fill="#fff" fill-opacity=".10"/><path d="M0 250 Q150 190 300 260 L300 330 L0 330 Z" fill="#fff" fill-opacity=".07"/>`
        : `<g fill="#fff" fill-opacity=".14">${Array.from({ length: 6 }, (_, r) => Array.from({ length: 6 }, (_, c) => `<circle cx="${196 + c * 18}" cy="${20 + r * 18}" r="2.6"/>`).join('')).join('')}</g><rect x="-40" y="236" width="420" height="26" fill="#fff" fill-opacity=".08" transform="rotate(-12 150 250)"/>`;
  const titleSvg = titleLines
    .map((l, i) => `<text x="34" y="${218 + i * 21}" font-size="14" fill="#fff" fill-opacity=".92">${esc(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400" role="img" aria-label="${esc(b.title)}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
<linearGradient id="spine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".28"/><stop offset=".7" stop-color="#000" stop-opacity=".08"/><stop offset="1" stop-color="#fff" stop-opacity=".18"/></linearGradient>
</defs>
<rect width="300" height="400" fill="url(#bg)"/>
${pattern}
<rect width="18" height="400" fill="url(#spine)"/>
<g font-family="${FONT}">
<rect x="34" y="30" rx="12" ry="12" width="${Math.max(64, ems(label) * 12 + 24)}" height="24" fill="#fff" fill-opacity=".18" stroke="#fff" stroke-opacity=".5"/>
<text x="46" y="47" font-size="12" fill="#fff" letter-spacing="1">${esc(label)}</text>
<text x="32" y="${118 + headSize / 3}" font-size="${headSize}" font-weight="700" fill="#fff" letter-spacing="4">${esc(headline)}</text>
<rect x="34" y="${146 + headSize / 3}" width="44" height="4" rx="2" fill="#fff" fill-opacity=".85"/>
${titleSvg}
${volume ? `<rect x="${266 - Math.max(52, ems(volume) * volSize + 20)}" y="284" rx="15" ry="15" width="${Math.max(52, ems(volume) * volSize + 20)}" height="30" fill="#fff"/><text x="${266 - Math.max(52, ems(volume) * volSize + 20) / 2}" y="${304 - (15 - volSize) / 3}" font-size="${volSize}" font-weight="700" fill="${deep}" text-anchor="middle">${esc(volume)}</text>` : ''}
<rect x="0" y="330" width="300" height="70" fill="#fff"/>
<rect x="0" y="330" width="300" height="3" fill="${deep}" fill-opacity=".35"/>
<text x="34" y="361" font-size="16" font-weight="700" fill="${deep}">${esc(wrap(b.edition, 15, 1)[0] ?? '')}</text>
<text x="34" y="384" font-size="11" fill="#6b7280">${esc(wrap(publisher, 21, 1)[0] ?? '')}</text>
</g>
</svg>`;
}
