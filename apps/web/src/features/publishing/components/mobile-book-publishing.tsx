/**
 * 版次与勘误 on the H5 book page (`/mobileH5/browseBook?id=`), antd-mobile only: printings newest
 * first (最新 on the newest) and 勘误 notices, each opening the reader at its page.
 */
import { Button, ErrorBlock, List, Skeleton, Tag } from 'antd-mobile';
import { useTextbookPublishing } from '../api/get-textbook-publishing';
import { formatDay, printingLabel } from '../lib/errata';
import styles from './publishing.module.css';
import { ROW_ACTION_ROW, RowButton } from '@/components/ui/row-action';

export function MobileBookPublishing({ bookId, onOpenPage }: { bookId: number; onOpenPage?: (page: number) => void }) {
  const query = useTextbookPublishing(bookId);
  return (
    <section className={styles.mobileCard} aria-labelledby="m-book-publishing" data-testid="book-publishing">
      <h2 id="m-book-publishing" className={styles.mobileTitle}>
        版次与勘误
      </h2>
      {query.isError ? (
        <ErrorBlock status="disconnected" title="加载失败" description="版次与勘误暂时无法显示">
          <Button size="small" onClick={() => void query.refetch()}>
            重试
          </Button>
        </ErrorBlock>
      ) : !query.data ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : (
        <>
          <h3 className={styles.mobileSub}>版次印次</h3>
          {query.data.printings.length === 0 ? (
            <p className={styles.mobileEmpty}>暂无版次印次记录</p>
          ) : (
            <List data-testid="printings">
              {query.data.printings.map((p) => (
                <List.Item key={p.id} extra={formatDay(p.printedOn)} description={p.note || undefined}>
                  {printingLabel(p)}
                  {p.latest && (
                    <Tag color="primary" className={styles.latestTag}>
                      最新
                    </Tag>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          <h3 className={styles.mobileSub}>勘误（{query.data.errata.length}）</h3>
          {query.data.errata.length === 0 ? (
            <p className={styles.mobileEmpty}>暂无勘误</p>
          ) : (
            <List>
              {query.data.errata.map((e) => (
                <List.Item
                  key={e.id}
                  data-testid="erratum-row"
                  className={onOpenPage ? ROW_ACTION_ROW : undefined}
                  arrow={!!onOpenPage}
                  description={
                    <>
                      更正：<ins className={styles.correction}>{e.correction}</ins>
                      <br />
                      发布于 {formatDay(e.publishedOn)}
                      {e.note ? `；${e.note}` : ''}
                    </>
                  }
                >
                  {onOpenPage ? (
                    <RowButton onClick={() => onOpenPage(e.page)}>
                      第 {e.page} 页：<del className={styles.original}>{e.original}</del>
                    </RowButton>
                  ) : (
                    <>
                      第 {e.page} 页：<del className={styles.original}>{e.original}</del>
                    </>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </section>
  );
}
