/**
 * 版次与勘误 on the desktop book page (`/detail?id=`): the book's printings newest first (the
 * newest labelled 最新) and its 勘误 notices by page, each page a link into the reader there.
 */
import type { TextbookPublishing } from '@eav/contract';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { useTextbookPublishing } from '../api/get-textbook-publishing';
import { formatDay, printingLabel } from '../lib/errata';
import styles from './publishing.module.css';

function Printings({ record }: { record: TextbookPublishing }) {
  if (record.printings.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无版次印次记录" />;
  return (
    <ol className={styles.printings} data-testid="printings">
      {record.printings.map((p) => (
        <li key={p.id} className={p.latest ? `${styles.printing} ${styles.printingLatest}` : styles.printing}>
          <span className={styles.printingName}>
            {printingLabel(p)}
            {p.latest && (
              <Tag color="blue" className={styles.latestTag}>
                最新
              </Tag>
            )}
          </span>
          <span className={styles.printingDate}>{formatDay(p.printedOn)}</span>
          {p.note && <span className={styles.printingNote}>{p.note}</span>}
        </li>
      ))}
    </ol>
  );
}

function Errata({ record, onOpenPage }: { record: TextbookPublishing; onOpenPage?: (page: number) => void }) {
  if (record.errata.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无勘误" />;
  return (
    <table className={styles.errata} data-testid="errata-table">
      <caption className="eav-visually-hidden">勘误列表</caption>
      <thead>
        <tr>
          <th scope="col">页码</th>
          <th scope="col">原文</th>
          <th scope="col">更正</th>
          <th scope="col">发布日期</th>
        </tr>
      </thead>
      <tbody>
        {record.errata.map((e) => (
          <tr key={e.id} data-testid="erratum-row">
            <td>
              {onOpenPage ? (
                <Button type="link" size="small" className={styles.pageLink} onClick={() => onOpenPage(e.page)}>
                  第 {e.page} 页
                </Button>
              ) : (
                `第 ${e.page} 页`
              )}
            </td>
            <td>
              <del className={styles.original}>{e.original}</del>
            </td>
            <td>
              <ins className={styles.correction}>{e.correction}</ins>
              {e.note && <span className={styles.erratumNote}>{e.note}</span>}
            </td>
            <td className={styles.nowrap}>{formatDay(e.publishedOn)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The section; `onOpenPage` opens the reader at a page (absent: pages are plain text). */
export function BookPublishing({ bookId, onOpenPage }: { bookId: number; onOpenPage?: (page: number) => void }) {
  const query = useTextbookPublishing(bookId);
  return (
    <section className={styles.bookPanel} aria-labelledby="book-publishing-title" data-testid="book-publishing">
      <h2 id="book-publishing-title" className={styles.bookPanelTitle}>
        版次与勘误
      </h2>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="版次与勘误加载失败"
          action={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : !query.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          <h3 className={styles.subTitle}>版次印次</h3>
          <Printings record={query.data} />
          <h3 className={styles.subTitle}>勘误（{query.data.errata.length}）</h3>
          <Errata record={query.data} onOpenPage={onOpenPage} />
        </>
      )}
    </section>
  );
}
