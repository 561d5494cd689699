/**
 * `/help` (docs/product.md §2): the help centre. Articles kept as Markdown in the repository, grouped
 * by topic, searchable by keyword (every word must occur), rendered with the shared rich-text
 * renderer; in-app links inside them navigate in the portal. The hotline, the service hours and the
 * 在线客服 panel are on the right. The chosen article and the search are kept in the URL.
 */
import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CustomerServiceOutlined, MailOutlined, PhoneOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input } from 'antd';
import { LazyRichText } from '@/components/rich-text';
import { useChatPanel } from '@/components/layouts/chat-panel';
import { isServiceOpen } from '@/lib/service-hours';
import { site } from '@/config/site';
import { HELP_ARTICLES, HELP_TOPICS, findArticle, renderableBody, searchArticles } from '../lib/articles';
import styles from './help.module.css';

export function HelpCenter() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const openChat = useChatPanel((s) => s.setOpen);
  const query = search.get('q') ?? '';
  const [input, setInput] = useState(query);
  useEffect(() => setInput(query), [query]);

  const hits = useMemo(() => searchArticles(query), [query]);
  const article = findArticle(search.get('article')) ?? (query ? undefined : HELP_ARTICLES[0]);

  const open = (id: string) => setSearch({ article: id });
  const submit = (q: string) => setSearch(q.trim() ? { q: q.trim() } : {});

  // Links of the articles: in-app paths go through the router, others open normally.
  const onArticleClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (href && href.startsWith('/') && !href.startsWith('//')) {
      e.preventDefault();
      navigate(href);
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.hero}>
        <h1 className={styles.title}>帮助中心</h1>
        <p className={styles.sub}>激活教材、下载资源、登录方式等常见问题，一查便知</p>
        <form
          role="search"
          className={styles.search}
          onSubmit={(e) => {
            e.preventDefault();
            submit(input);
          }}
        >
          <Input
            size="large"
            allowClear
            maxLength={50}
            value={input}
            prefix={<SearchOutlined />}
            placeholder="输入问题关键词，如：激活码、下载、微信登录"
            aria-label="搜索帮助"
            onChange={(e) => setInput(e.target.value)}
            onClear={() => submit('')}
          />
          <Button size="large" type="primary" htmlType="submit">
            搜索
          </Button>
        </form>
      </div>

      <div className={styles.layout}>
        <nav className={styles.card} aria-label="帮助文章">
          {HELP_TOPICS.map((topic) => (
            <div key={topic}>
              <h2 className={styles.topic}>{topic}</h2>
              <ul className={styles.links}>
                {HELP_ARTICLES.filter((a) => a.topic === topic).map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      className={`${styles.link} ${article?.id === a.id && !query ? styles.linkActive : ''}`}
                      aria-current={article?.id === a.id && !query ? 'page' : undefined}
                      onClick={() => open(a.id)}
                    >
                      {a.title}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <article className={`${styles.card} ${styles.article}`}>
          {query ? (
            <section aria-live="polite" data-testid="help-results">
              <h2>
                “{query}” 的搜索结果（{hits.length}）
              </h2>
              {hits.length === 0 ? (
                <Empty description="没有找到相关文章，换个关键词试试，或联系在线客服">
                  <Button onClick={() => openChat(true)}>联系在线客服</Button>
                </Empty>
              ) : (
                hits.map((h) => (
                  <div key={h.article.id} className={styles.hit}>
                    <Button type="link" style={{ padding: 0, fontSize: 16 }} onClick={() => open(h.article.id)}>
                      {h.article.title}
                    </Button>
                    {h.snippet && <p className={styles.hitSnippet}>{h.snippet}</p>}
                  </div>
                ))
              )}
            </section>
          ) : article ? (
            <article data-testid="help-article" data-article={article.id}>
              <h2>{article.title}</h2>
              <div onClick={onArticleClick}>
                <LazyRichText source={renderableBody(article)} />
              </div>
            </article>
          ) : (
            <Empty description="文章不存在" />
          )}
        </article>

        <aside className={`${styles.card} ${styles.contact}`} aria-labelledby="contact-heading">
          <h2 id="contact-heading">联系我们</h2>
          <p className={styles.muted}>
            <PhoneOutlined /> 客服热线
          </p>
          <a className={styles.hotline} href={`tel:${site.contact.hotline.replace(/[^\d+]/g, '')}`}>
            {site.contact.hotline}
          </a>
          <p className={styles.muted}>
            {site.contact.weekdays}
            <br />
            {site.contact.weekends}
          </p>
          <p className={styles.muted}>{isServiceOpen() ? '客服在线，欢迎咨询' : '当前为非服务时间，可发邮件留言'}</p>
          <Button type="primary" block icon={<CustomerServiceOutlined />} onClick={() => openChat(true)}>
            在线客服
          </Button>
          <p className={styles.muted} style={{ marginTop: 12 }}>
            <MailOutlined /> <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
          </p>
        </aside>
      </div>
    </div>
  );
}
