/**
 * Desktop 我的笔记 (`/user/notes`, in the user centre; docs/reader.md, 我的笔记 pages): the user's 书签,
 * 划线 and 笔记 across books, most recently changed first in numbered pages, searched by keyword and
 * filtered by book and kind (the filters and page live in the URL, so the way back from the reader
 * finds them again); each entry opens the reader at its page; 导出 Markdown and 导出 Word save the
 * filtered marks as a file. antd only.
 */
import { DownloadOutlined } from '@ant-design/icons';
import {
  READER_MARK_KIND_LABELS,
  READER_MARK_KINDS,
  type MyReaderMark,
  type ReaderMarkKind,
  type ReaderMarksExportFormat,
} from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Input, List, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '@/components/errors/query-error';
import { beijingFormat } from '@/lib/beijing-format';
import { errorMessage } from '@/lib/error-message';
import { useExportMyMarks } from '../api/export-my-marks';
import { MY_MARKS_PAGE_SIZE, myMarkBooksQueryOptions, myMarksPageQueryOptions } from '../api/get-my-marks';
import { markLabel } from '../lib/marks';
import {
  cleanKeyword,
  desktopMarkHref,
  hasFilters,
  markBooks,
  myNotesSearch,
  parseMyNotesSearch,
  type MyNotesFilters,
} from '../lib/my-notes';
import styles from './my-notes.module.css';

const EXPORTS: readonly { format: ReaderMarksExportFormat; label: string }[] = [
  { format: 'md', label: '导出 Markdown' },
  { format: 'docx', label: '导出 Word' },
];

const KIND_OPTIONS = [
  { value: 'all', label: '全部类型' },
  ...READER_MARK_KINDS.map((k) => ({ value: k, label: READER_MARK_KIND_LABELS[k] })),
];

/** One entry: the book and page (a link into the reader), the kind, the time, the quote and the note. */
function MarkItem({ mark }: { mark: MyReaderMark }) {
  const color = mark.kind === 'highlight' && mark.color ? mark.color : null;
  return (
    <li className={styles.item} data-testid="my-note">
      <div className={styles.itemHead}>
        <Link to={desktopMarkHref(mark)} className={styles.book}>
          {mark.textbookTitle} · 第 {mark.page} 页
        </Link>
        <span className={`${styles.kind} ${color ? styles[color] : ''}`}>{markLabel(mark)}</span>
        <time className={styles.time} dateTime={mark.updatedAt}>
          {beijingFormat(mark.updatedAt, 'YYYY/MM/DD HH:mm')}
        </time>
      </div>
      {mark.anchor?.quote && (
        <blockquote className={`${styles.quote} ${color ? styles[`quote_${color}`] : ''}`}>
          {mark.anchor.quote}
        </blockquote>
      )}
      {mark.note && <p className={styles.note}>{mark.note}</p>}
    </li>
  );
}

/** The card of the user centre's 我的笔记 page for `userId` (the page checks the session). */
export function MyNotes({
  userId,
  cardClassName,
  headClassName,
  titleClassName,
}: {
  userId: number;
  /** The user centre's card classes, so the page looks like its neighbours. */
  cardClassName?: string;
  headClassName?: string;
  titleClassName?: string;
}) {
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const { page, ...filters } = parseMyNotesSearch(search);
  const [input, setInput] = useState(filters.keyword ?? '');
  // The box follows the URL when it changes otherwise (back and forward).
  useEffect(() => setInput(filters.keyword ?? ''), [filters.keyword]);

  const list = useQuery(myMarksPageQueryOptions(userId, filters, page));
  const sample = useQuery(myMarkBooksQueryOptions(userId));
  const books = markBooks([sample.data?.items, list.data?.items], filters.textbookId);
  const exporter = useExportMyMarks(userId);
  const total = list.data?.total ?? 0;

  const go = (next: MyNotesFilters, nextPage = 1) => setSearch(myNotesSearch(next, nextPage), { replace: true });
  const runExport = (format: ReaderMarksExportFormat) =>
    exporter.mutate(
      { filters, format },
      {
        onSuccess: (name) => void message.success(`已导出 ${name}`),
        onError: (e) => void message.error(errorMessage(e, '导出失败，请稍后重试')),
      },
    );

  return (
    <section className={cardClassName} aria-labelledby="my-notes-title">
      <div className={headClassName}>
        <h2 className={titleClassName} id="my-notes-title">
          我的笔记
        </h2>
        <div className={styles.actions}>
          {EXPORTS.map(({ format, label }) => (
            <Button
              key={format}
              icon={<DownloadOutlined />}
              disabled={total === 0 || (exporter.isPending && exporter.variables?.format !== format)}
              loading={exporter.isPending && exporter.variables?.format === format}
              onClick={() => runExport(format)}
              data-testid={`my-notes-export-${format}`}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      <p className={styles.hint}>
        阅读教材时添加的书签、划线和笔记都在这里，点击教材名称可回到该页继续阅读；导出按当前筛选条件进行。
      </p>
      <div className={styles.filters} role="search" aria-label="筛选我的笔记">
        <Input.Search
          className={styles.search}
          aria-label="搜索笔记和划线原文"
          placeholder="搜索笔记或划线原文"
          allowClear
          enterButton="搜索"
          maxLength={50}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={(v) => go({ ...filters, keyword: cleanKeyword(v) })}
          data-testid="my-notes-search"
        />
        <Select<number>
          className={styles.select}
          aria-label="按教材筛选"
          showSearch
          optionFilterProp="label"
          value={filters.textbookId ?? 0}
          options={[{ value: 0, label: '全部教材' }, ...books.map((b) => ({ value: b.id, label: b.title }))]}
          onChange={(id) => go({ ...filters, textbookId: id || undefined })}
          data-testid="my-notes-book"
        />
        <Select<string>
          className={styles.kindSelect}
          aria-label="按类型筛选"
          value={filters.kind ?? 'all'}
          options={KIND_OPTIONS}
          onChange={(k) => go({ ...filters, kind: k === 'all' ? undefined : (k as ReaderMarkKind) })}
          data-testid="my-notes-kind"
        />
      </div>
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="我的笔记加载失败" />
      ) : (
        <List<MyReaderMark>
          data-testid="my-notes-list"
          rowKey="id"
          dataSource={list.data?.items ?? []}
          loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
          renderItem={(mark) => <MarkItem mark={mark} />}
          locale={{
            emptyText: (
              <Empty
                description={
                  hasFilters(filters)
                    ? '没有符合条件的书签、划线或笔记'
                    : '还没有书签、划线或笔记，阅读教材时添加后会显示在这里'
                }
              />
            ),
          }}
          pagination={
            total > MY_MARKS_PAGE_SIZE && {
              current: page,
              pageSize: MY_MARKS_PAGE_SIZE,
              total,
              showSizeChanger: false,
              showTotal: (n) => `共 ${n} 条`,
              onChange: (p) => go(filters, p),
              align: 'center',
            }
          }
        />
      )}
      {total > 0 && total <= MY_MARKS_PAGE_SIZE && <p className={styles.total}>共 {total} 条</p>}
    </section>
  );
}
