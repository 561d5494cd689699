/**
 * `/mobileH5/browseBook?id=`: a book on the H5 site: cover and metadata, 阅读 / 激活 actions (with
 * the same access rules as desktop), chapters and lessons.
 */
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ROW_ACTION_ROW, RowLink } from '@/components/ui/row-action';
import { Button, ErrorBlock, List, NavBar, Skeleton, Tag } from 'antd-mobile';
import { TEXTBOOK_ACCESS_LABELS, type ChapterNode, type TextbookDetail } from '@eav/contract';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useTextbook } from '../../api/get-textbook';
import { readAction } from '../../lib/access';
import { mobileActivationHref, mobileLoginHref } from '../../lib/mobile-links';
import { errorMessage } from '@/lib/error-message';
import { MobileCover } from './mobile-cover';
import styles from './mobile.module.css';

/** The H5 reader at `page` of book `id` (its first page without one). */
const readHref = (id: number, page?: number) => `${paths.mobile.pdf}?id=${id}${page ? `&page=${page}` : ''}`;

function flatten(nodes: ChapterNode[], depth = 0): { node: ChapterNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children, depth + 1)]);
}

/**
 * The H5 book page. `renderExtra` adds sections at the end (the route adds the book's 版次与勘误),
 * given the book and a function that opens the reader at a page (or asks to log in or activate).
 */
export function MobileBook({
  renderExtra,
}: { renderExtra?: (book: TextbookDetail, read: (page?: number) => void) => ReactNode } = {}) {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useTextbook(valid ? id : undefined);
  const loggedIn = useSession((s) => !!s.user);
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.textbook));

  const book = query.data;
  const action = book ? readAction(book, loggedIn) : null;
  const read = (page?: number) => {
    if (!book || !action) return;
    if (action === 'read') navigate(readHref(book.id, page));
    else if (action === 'login') navigate(mobileLoginHref());
    else if (action === 'activate') navigate(mobileActivationHref(book.id));
  };

  return (
    <div className={styles.page}>
      <NavBar
        className={styles.nav}
        // antd-mobile marks its back text aria-hidden, leaving its role=button nameless: `left` names it.
        left={<span className="eav-visually-hidden">返回</span>}
        onBack={back}
      >
        教材详情
      </NavBar>
      {!valid || (query.error instanceof ApiError && query.error.status === 404) ? (
        <ErrorBlock status="empty" title="没有找到这本教材" description="链接可能有误，或教材已下架">
          <Button color="primary" onClick={() => navigate(paths.mobile.textbook)}>
            去书城看看
          </Button>
        </ErrorBlock>
      ) : query.isError ? (
        <ErrorBlock status="disconnected" title="加载失败" description={errorMessage(query.error)}>
          <Button color="primary" onClick={() => void query.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : !book ? (
        <div className={styles.card}>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      ) : (
        <>
          <section className={styles.card}>
            <div className={styles.head}>
              <div className={styles.headCover}>
                <MobileCover id={book.id} coverUrl={book.coverUrl} title={book.title} eager />
              </div>
              <div className={styles.headText}>
                <h1>{book.title}</h1>
                <span className={styles.rowMeta}>
                  {book.stage.name} · {book.subject.name}
                  {book.grade ? ` · ${book.grade.name}` : ''}
                  {book.volume ? ` · ${book.volume.name}` : ''}
                </span>
                <span className={styles.rowMeta}>{book.edition.name}</span>
                <span className={styles.rowMeta}>{book.publisher?.name ?? '出版社未注明'}</span>
                <div className={styles.badges}>
                  {book.hasFile ? (
                    <Tag color={book.owned ? 'primary' : book.access === 'public' ? 'success' : 'warning'}>
                      {book.owned ? '已激活' : TEXTBOOK_ACCESS_LABELS[book.access]}
                    </Tag>
                  ) : (
                    <Tag color="default">暂无电子版</Tag>
                  )}
                  {book.progress && <Tag fill="outline">读到第 {book.progress.page} 页</Tag>}
                </div>
              </div>
            </div>
            <div className={styles.actions}>
              {action === 'read' && (
                <Button color="primary" size="large" onClick={() => read(book.progress?.page)}>
                  {book.progress ? '继续阅读' : '开始阅读'}
                </Button>
              )}
              {action === 'login' && (
                <Button color="primary" size="large" onClick={() => read()}>
                  登录后阅读
                </Button>
              )}
              {action === 'activate' && (
                <Button color="warning" size="large" onClick={() => read()}>
                  输入激活码
                </Button>
              )}
              {action === 'unavailable' && book.hasFile && (
                <Button size="large" disabled>
                  暂不可阅读
                </Button>
              )}
            </div>
            {!book.canRead && book.accessHint && <p className={styles.help}>{book.accessHint}</p>}
          </section>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>目录</h2>
            {book.chapters.length === 0 ? (
              <p className={styles.help}>暂无目录</p>
            ) : (
              <List>
                {flatten(book.chapters).map(({ node, depth }) => (
                  <List.Item
                    key={node.id}
                    className={ROW_ACTION_ROW}
                    style={{ paddingLeft: 12 + depth * 16 }}
                    extra={node.page != null && book.hasFile ? `第 ${node.page} 页` : undefined}
                    arrow={false}
                  >
                    {node.page != null && action === 'read' ? (
                      <RowLink to={readHref(book.id, node.page)}>{node.title}</RowLink>
                    ) : (
                      node.title
                    )}
                  </List.Item>
                ))}
              </List>
            )}
          </section>
          {book.videos.length > 0 && (
            <section className={styles.card}>
              <h2 className={styles.sectionTitle}>配套音视频（{book.videos.length}）</h2>
              <List>
                {book.videos.map((v) => (
                  <List.Item key={v.id} className={ROW_ACTION_ROW} description={v.chapterTitle ?? '全书'} arrow>
                    <RowLink to={`${paths.mobile.networkLearning}?textbookId=${book.id}&id=${v.id}`}>{v.title}</RowLink>
                  </List.Item>
                ))}
              </List>
            </section>
          )}
          {renderExtra?.(book, read)}
        </>
      )}
    </div>
  );
}
