/**
 * `/mobileH5/pdf?id=`: the H5 reader, one page at a time at screen width. Buttons and horizontal
 * swipes turn pages; progress is saved and resumed like on desktop.
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Document, Page } from 'react-pdf';
import { Button, DotLoading, ErrorBlock, NavBar, ProgressBar } from 'antd-mobile';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useReadGrant } from '../api/get-read-grant';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { documentOptions } from '../lib/pdfjs';
import { clampPage } from '../lib/view';
import styles from './mobile-reader.module.css';

const SWIPE_PX = 50;

export function MobilePdfReader({
  bookId,
  title,
  backHref,
  saveProgress,
}: {
  bookId: number;
  title: string;
  backHref: string;
  saveProgress: boolean;
}) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const grant = useReadGrant(bookId, true);
  const [numPages, setNumPages] = useState<number | null>(null);
  const [page, setPage] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const width = Math.min(window.innerWidth, 480) - 16;

  const startPage = useMemo(() => {
    const fromUrl = Number(search.get('page'));
    return Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : (grant.data?.progress?.page ?? 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once per grant
  }, [grant.data]);

  useProgressSaver(bookId, page, numPages, grant.data?.progress?.page ?? null, saveProgress && !!grant.data);
  const goTo = (p: number) => setPage((cur) => (cur === null ? cur : clampPage(p, numPages)));

  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(backHref));

  return (
    <div className={styles.reader} data-testid="h5-reader">
      <NavBar className={styles.nav} onBack={back}>
        {title}
      </NavBar>
      <main
        className={styles.stage}
        onTouchStart={(e) => (touch.current = { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY })}
        onTouchEnd={(e) => {
          const start = touch.current;
          touch.current = null;
          if (!start || page === null) return;
          const dx = e.changedTouches[0]!.clientX - start.x;
          const dy = e.changedTouches[0]!.clientY - start.y;
          if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) goTo(dx < 0 ? page + 1 : page - 1);
        }}
      >
        {grant.isError ? (
          <ErrorBlock
            status="default"
            title="无法打开这本教材"
            description={grant.error instanceof Error ? grant.error.message : '请稍后重试'}
          >
            <Button color="primary" onClick={() => void grant.refetch()}>
              重试
            </Button>
          </ErrorBlock>
        ) : failed ? (
          <ErrorBlock status="disconnected" title="文件流异常" description="教材文件读取失败，请检查网络后重试">
            <Button
              color="primary"
              onClick={() => {
                retried.current = false;
                setFailed(false);
                void grant.refetch();
              }}
            >
              重新加载
            </Button>
          </ErrorBlock>
        ) : !grant.data ? (
          <div className={styles.loading}>
            正在打开教材 <DotLoading />
          </div>
        ) : (
          <Document
            key={grant.data.url}
            file={grant.data.url}
            options={documentOptions}
            loading={
              <div className={styles.loading}>
                正在加载 <DotLoading />
              </div>
            }
            error={<span />}
            onLoadSuccess={(pdf: PDFDocumentProxy) => {
              setNumPages(pdf.numPages);
              setPage(clampPage(startPage, pdf.numPages));
            }}
            onLoadError={() => {
              if (!retried.current) {
                retried.current = true;
                void grant.refetch();
              } else setFailed(true);
            }}
          >
            {page !== null && (
              <div className={styles.sheet} data-testid="reader-page" data-page={page}>
                <Page
                  key={page}
                  pageNumber={page}
                  width={width}
                  renderAnnotationLayer={false}
                  renderTextLayer={false}
                  loading={<div className={styles.sheetLoading} style={{ width, height: Math.round(width * 1.414) }} />}
                />
              </div>
            )}
          </Document>
        )}
      </main>
      <footer className={styles.bar}>
        {numPages && page !== null && <ProgressBar percent={(page / numPages) * 100} className={styles.progress} />}
        <div className={styles.barRow}>
          <Button size="small" disabled={!page || page <= 1} onClick={() => void (page && goTo(page - 1))}>
            上一页
          </Button>
          <span className={styles.pageLabel} data-testid="reader-page-label">
            {page ?? '-'} / {numPages ?? '-'}
          </span>
          <Button
            size="small"
            color="primary"
            disabled={!page || !numPages || page >= numPages}
            onClick={() => void (page && goTo(page + 1))}
          >
            下一页
          </Button>
        </div>
      </footer>
    </div>
  );
}
