import { describe, expect, it } from 'vitest';
import {
  HELP_ARTICLES,
  HELP_TOPICS,
  findArticle,
  parseArticle,
  plainText,
  renderableBody,
  searchArticles,
} from './articles';

describe('help articles', () => {
  it('every article has a title from its file, a body and a known topic; ids are unique', () => {
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(10);
    for (const a of HELP_ARTICLES) {
      expect(a.title).not.toMatch(/^#/);
      expect(a.title.length).toBeGreaterThan(2);
      expect(a.body.length).toBeGreaterThan(100);
      expect(a.body.startsWith('# ')).toBe(false);
      expect(HELP_TOPICS).toContain(a.topic);
    }
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(HELP_ARTICLES.length);
  });

  it('covers activation, offline reading, downloads, each login method and the hotline', () => {
    const titles = HELP_ARTICLES.map((a) => a.title).join('|');
    for (const word of ['激活', '离线', '下载', '账号密码', '短信', '微信', '之江汇', '教育魔方', '客服热线'])
      expect(titles).toContain(word);
  });

  it('parses the first heading as the title', () => {
    expect(parseArticle('x', '数字教材', '# 标题\n\n正文')).toMatchObject({ title: '标题', body: '正文' });
    expect(parseArticle('x', '数字教材', '没有标题')).toMatchObject({ title: 'x', body: '没有标题' });
  });

  it('reduces Markdown to plain text', () => {
    expect(plainText('## 小节\n\n- 打开 [数字教材](#/digitalBook)，**激活**\n1. 第一步')).toBe(
      '小节 打开 数字教材，激活 第一步',
    );
  });

  it('finds articles by Chinese words, every word must occur, title hits first', () => {
    const hits = searchArticles('激活码');
    expect(hits[0]!.article.id).toBe('activate');
    expect(hits[0]!.snippet).toContain('激活码');
    expect(searchArticles('微信 解绑').map((h) => h.article.id)).toEqual(['login-wechat']);
    expect(searchArticles('微信 不存在的词')).toEqual([]);
    expect(searchArticles('   ')).toEqual([]);
    expect(searchArticles('SMS')).toEqual([]);
    expect(searchArticles('验证码').map((h) => h.article.id)).toContain('login-sms');
  });

  it('looks articles up by id', () => {
    expect(findArticle('contact')?.title).toContain('客服');
    expect(findArticle('nope')).toBeUndefined();
    expect(findArticle(null)).toBeUndefined();
  });
});

describe('renderableBody', () => {
  it('turns #/path links into in-app /path links and leaves others', () => {
    const a = parseArticle(
      'x',
      '数字资源',
      '# T\n\n[同步资源](#/digitalResources/syncMaterial) [外站](https://example.com)',
    );
    expect(renderableBody(a)).toBe('[同步资源](/digitalResources/syncMaterial) [外站](https://example.com)');
  });
});
