/**
 * H5 我的笔记 (`/mobileH5/notes`; docs/reader.md, 我的笔记 pages): the user's 书签, 划线 and 笔记 across
 * books, most recently changed first in an endless list, searched by keyword and filtered by kind
 * (both in the URL), each row opening the H5 reader at its page. Logged out, a prompt to log in.
 * No export on the phone (the desktop page has it). antd-mobile only.
 */
import { READER_MARK_KIND_LABELS, READER_MARK_KINDS, type MyReaderMark, type ReaderMarkKind } from '@eav/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, InfiniteScroll, List, SearchBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { H5Tabs } from '@/components/ui/h5-tabs';
import { ROW_ACTION_ROW, RowLink } from '@/components/ui/row-action';
import { paths } from '@/config/paths';
import { beijingFormat } from '@/lib/beijing-format';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { myMarksInfiniteQueryOptions } from '../api/get-my-marks';
import { markLabel } from '../lib/marks';
import { hasFilters, mobileMarkHref, myNotesSearch, parseMyNotesSearch, type MyNotesFilters } from '../lib/my-notes';
import styles from './mobile-my-notes.module.css';

const KIND_TABS = [
  { key: 'all', title: '全部' },
  ...READER_MARK_KINDS.map((k) => ({ key: k, title: READER_MARK_KIND_LABELS[k] })),
];

function MarkRow({ mark }: { mark: MyReaderMark }) {
  const color = mark.kind === 'highlight' && mark.color ? mark.color : null;
  return (
    <List.Item
      className={ROW_ACTION_ROW}
      data-testid="h5-my-note"
      description={
        <>
          {mark.anchor?.quote && <span className={styles.quote}>{mark.anchor.quote}</span>}
          {mark.note && <span className={styles.note}>{mark.note}</span>}
          <time className={styles.meta} dateTime={mark.updatedAt}>
            {beijingFormat(mark.updatedAt, 'YYYY/MM/DD HH:mm')}
          </time>
        </>
      }
    >
      <span className={`${styles.kind} ${color ? styles[color] : ''}`}>{markLabel(mark)}</span>
      <RowLink to={mobileMarkHref(mark)}>
        <span className={styles.title}>
          {mark.textbookTitle} · 第 {mark.page} 页
        </span>
      </RowLink>
    </List.Item>
  );
}

function MarksList({ userId, filters }: { userId: number; filters: MyNotesFilters }) {
  const list = useInfiniteQuery(myMarksInfiniteQueryOptions(userId, filters));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending)
    return (
      <div style={{ padding: 40, textAlign: 'center' }} aria-busy="true" aria-label="我的笔记加载中">
        <DotLoading />
      </div>
    );
  if (list.isError && items.length === 0)
    return (
      <ErrorBlock status="disconnected" title="我的笔记加载失败" description={errorMessage(list.error)}>
        <Button color="primary" onClick={() => void list.refetch()}>
          重新加载
        </Button>
      </ErrorBlock>
    );
  if (items.length === 0)
    return hasFilters(filters) ? (
      <ErrorBlock status="empty" title="没有符合条件的笔记" description="换个关键词或类型试试" />
    ) : (
      <ErrorBlock status="empty" title="还没有笔记" description="阅读教材时添加的书签、划线和笔记会显示在这里" />
    );
  return (
    <>
      <List data-testid="h5-my-notes-list" aria-label="我的笔记">
        {items.map((mark) => (
          <MarkRow key={mark.id} mark={mark} />
        ))}
      </List>
      <InfiniteScroll
        loadMore={async () => void (await list.fetchNextPage({ throwOnError: true }))}
        hasMore={!!list.hasNextPage}
      >
        {list.hasNextPage ? '加载中…' : `共 ${list.data?.pages[0]?.total ?? items.length} 条，没有更多了`}
      </InfiniteScroll>
    </>
  );
}

/** The H5 我的笔记 page (the route renders it as it is). */
export function MobileMyNotes() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [search, setSearch] = useSearchParams();
  const { keyword, kind } = parseMyNotesSearch(search);
  const [input, setInput] = useState(keyword ?? '');
  useEffect(() => setInput(keyword ?? ''), [keyword]);

  const go = (next: MyNotesFilters) => setSearch(myNotesSearch(next), { replace: true });
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.userCenter));

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <button type="button" className={styles.barButton} onClick={back}>
          <LeftOutline aria-hidden /> 返回
        </button>
        <h1 className={styles.barTitle}>我的笔记</h1>
        <span aria-hidden />
      </div>
      {user ? (
        <>
          <div className={styles.filters}>
            {/* antd-mobile names its input 搜索框; the landmark says what it searches. */}
            <div role="search" aria-label="搜索我的笔记">
              <SearchBar
                placeholder="搜索笔记或划线原文"
                value={input}
                onChange={setInput}
                onSearch={(v) => go({ keyword: v, kind })}
                onClear={() => go({ kind })}
                maxLength={50}
              />
            </div>
            <H5Tabs
              className={styles.tabs}
              label="类型"
              tabs={KIND_TABS}
              activeKey={kind ?? 'all'}
              onChange={(k) => go({ keyword, kind: k === 'all' ? undefined : (k as ReaderMarkKind) })}
            />
          </div>
          <MarksList userId={user.userId} filters={{ keyword, kind }} />
        </>
      ) : (
        <section className={styles.prompt}>
          <h2>登录后查看我的笔记</h2>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      )}
    </div>
  );
}
