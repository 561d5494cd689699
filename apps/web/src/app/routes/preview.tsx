/**
 * `/preview?id=…[&page=N]`: the online reader (bare route, no header/footer). Composes the
 * textbooks feature (book, access, chapter tree, access page) with the reader feature (pdf.js).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { PageSpin } from '@/components/ui/page-spin';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { ActivityReading } from '@/features/prize/components/activity-reading';
import { PdfReader } from '@/features/reader/components/pdf-reader';
import { useTextbookPublishing } from '@/features/publishing/api/get-textbook-publishing';
import { ErrataNotes } from '@/features/publishing/components/errata-notes';
import { errataMarks, errataOnPage } from '@/features/publishing/lib/errata';
import { useTextbook } from '@/features/textbooks/api/get-textbook';
import { ChapterTree } from '@/features/textbooks/components/chapter-tree';
import { QueryError } from '@/components/errors/query-error';
import { ReadAccessGate } from '@/features/textbooks/components/read-access-gate';
import { detailHref } from '@/features/textbooks/components/textbook-card';
import { readAction } from '@/features/textbooks/lib/access';

export default function PreviewRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const book = useTextbook(valid ? id : undefined);
  // 勘误 marks and notes in the reader (docs/publishing.md); the reader opens without them meanwhile.
  const record = useTextbookPublishing(valid ? id : undefined);
  const errata = record.data?.errata;
  const marks = useMemo(() => (errata?.length ? errataMarks(errata) : undefined), [errata]);
  const loggedIn = useSession((s) => !!s.user);

  if (!valid || (book.error instanceof ApiError && book.error.status === 404)) {
    return (
      <main>
        <Result
          status="404"
          title={<h1 className="eav-result-title">没有找到这本教材</h1>}
          subTitle="链接可能有误，或教材已下架。"
          extra={
            <Button type="primary" href={`#${paths.digitalBook}`}>
              去数字教材浏览
            </Button>
          }
        />
      </main>
    );
  }
  if (book.isError)
    return (
      <main>
        <QueryError error={book.error} onRetry={() => void book.refetch()} title="教材信息加载失败" />
      </main>
    );
  if (!book.data) return <PageSpin label="正在打开教材…" />;

  const action = readAction(book.data, loggedIn);
  if (action !== 'read') return <ReadAccessGate book={book.data} action={action} />;

  const chapters = book.data.chapters;
  return (
    <>
      {/* Reading time of a recommended book counts for the running activity (docs/prize.md). */}
      <ActivityReading textbookId={id} reading={loggedIn} aboveBar />
      <PdfReader
        key={id}
        bookId={id}
        title={book.data.title}
        backHref={detailHref(id)}
        saveProgress={loggedIn}
        pageMarks={marks}
        renderPageNote={errata ? (page) => <ErrataNotes page={page} errata={errataOnPage(errata, page)} /> : undefined}
        chapters={chapters}
        renderChapters={
          chapters.length
            ? (current, jump) => <ChapterTree chapters={chapters} currentPage={current} onJump={jump} />
            : null
        }
      />
    </>
  );
}
