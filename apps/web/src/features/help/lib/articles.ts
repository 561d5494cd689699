/**
 * The help centre's articles (docs/product.md §2, `/help`): Markdown files kept in the repository
 * (`../articles/*.md`), bundled as text, grouped by topic. The first `# ` line of a file is its title.
 */
import activate from '../articles/activate.md?raw';
import contact from '../articles/contact.md?raw';
import download from '../articles/download.md?raw';
import loginAccount from '../articles/login-account.md?raw';
import loginEducube from '../articles/login-educube.md?raw';
import loginSms from '../articles/login-sms.md?raw';
import loginWechat from '../articles/login-wechat.md?raw';
import loginZjh from '../articles/login-zjh.md?raw';
import readOffline from '../articles/read-offline.md?raw';
import resources from '../articles/resources.md?raw';

export interface HelpArticle {
  /** Stable slug used in the URL (`/help?article=…`). */
  id: string;
  topic: HelpTopic;
  title: string;
  /** The Markdown body without its title line. */
  body: string;
}

export const HELP_TOPICS = ['数字教材', '数字资源', '登录与账号', '联系我们'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** Splits a Markdown file into its `# ` title and the rest. */
export function parseArticle(id: string, topic: HelpTopic, source: string): HelpArticle {
  const text = source.replace(/\r\n/g, '\n').trim();
  const m = /^#\s+(.+)\n?/.exec(text);
  return { id, topic, title: m ? m[1]!.trim() : id, body: m ? text.slice(m[0].length).trim() : text };
}

export const HELP_ARTICLES: readonly HelpArticle[] = [
  parseArticle('activate', '数字教材', activate),
  parseArticle('read-offline', '数字教材', readOffline),
  parseArticle('resources', '数字资源', resources),
  parseArticle('download', '数字资源', download),
  parseArticle('login-account', '登录与账号', loginAccount),
  parseArticle('login-sms', '登录与账号', loginSms),
  parseArticle('login-wechat', '登录与账号', loginWechat),
  parseArticle('login-zjh', '登录与账号', loginZjh),
  parseArticle('login-educube', '登录与账号', loginEducube),
  parseArticle('contact', '联系我们', contact),
];

/** Markdown reduced to plain text (for searching and snippets): links keep their text, marks go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface HelpHit {
  article: HelpArticle;
  /** Plain-text excerpt around the first match in the body ('' when only the title matched). */
  snippet: string;
}

const SNIPPET_RADIUS = 40;

/**
 * Articles matching `query`: every space-separated word must occur (case-insensitive) in the title
 * or the body. Title matches come first, then the order of the list. An empty query matches nothing.
 */
export function searchArticles(query: string, articles: readonly HelpArticle[] = HELP_ARTICLES): HelpHit[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: (HelpHit & { titleScore: number; order: number })[] = [];
  articles.forEach((article, order) => {
    const title = article.title.toLowerCase();
    const text = plainText(article.body);
    const lower = text.toLowerCase();
    if (!words.every((w) => title.includes(w) || lower.includes(w))) return;
    const at = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
    let snippet = '';
    if (at.length) {
      const first = Math.min(...at);
      const start = Math.max(0, first - SNIPPET_RADIUS);
      const end = Math.min(text.length, first + SNIPPET_RADIUS * 2);
      snippet = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
    }
    hits.push({ article, snippet, titleScore: words.filter((w) => title.includes(w)).length, order });
  });
  return hits
    .sort((a, b) => b.titleScore - a.titleScore || a.order - b.order)
    .map(({ article, snippet }) => ({ article, snippet }));
}

export function findArticle(id: string | null | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.id === id);
}

/**
 * The article's Markdown for the renderer: in-app links are written `#/path` in the files (so that
 * the repository's link check reads them as anchors) and become `/path`, which the help page turns
 * into router navigation.
 */
export function renderableBody(article: HelpArticle): string {
  return article.body.replace(/\]\(#(\/[^)\s]*)\)/g, ']($1)');
}
