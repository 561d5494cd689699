/**
 * `/mobileH5/pdf?id=…[&page=N]`: the H5 reader. Composes the textbooks feature (book and access)
 * with the reader feature; a book the user may not read shows how to get access.
 */
import { Suspense, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { chunk, lazyFrom } from '@/lib/lazy';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { MobilePdfReader } from '@/features/reader/components/mobile-pdf-reader';
import { useTextbookPublishing } from '@/features/publishing/api/get-textbook-publishing';
import { errataMarks, errataOnPage } from '@/features/publishing/lib/errata';
import { useTextbook } from '@/features/textbooks/api/get-textbook';
import { readAction } from '@/features/textbooks/lib/access';
import { mobileActivationHref, mobileLoginHref } from '@/features/textbooks/lib/mobile-links';

// Neither is part of the first screen of most visits: the activity's reading time counts only for a
// logged-in reader, and errata notes show only on a marked page. As chunks of their own they stay off
// the reader's first load, which a phone downloads before it can show the book's title.
const ActivityReading = lazyFrom(
  chunk(() => import('@/features/prize/components/activity-reading')),
  (m) => m.ActivityReading,
);
const errataNotes = chunk(() => import('@/features/publishing/components/errata-notes'));
const ErrataNotes = lazyFrom(errataNotes, (m) => m.ErrataNotes);

export default function MobilePdfRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const book = useTextbook(valid ? id : undefined);
  // 勘误 marks and notes in the reader (docs/publishing.md); the reader opens without them meanwhile.
  const record = useTextbookPublishing(valid ? id : undefined);
  const errata = record.data?.errata;
  const marks = useMemo(() => (errata?.length ? errataMarks(errata) : undefined), [errata]);
  // A book with errata: the notes' chunk loads ahead of the first marked page, which then shows them at once.
  useEffect(() => {
    if (marks) errataNotes.load().catch(() => undefined);
  }, [marks]);
  const loggedIn = useSession((s) => !!s.user);
  const bookHref = `${paths.mobile.browseBook}?id=${id}`;

  if (!valid || book.isError) {
    const notFound = !valid || (book.error instanceof ApiError && book.error.status === 404);
    return (
      <ErrorBlock
        fullPage
        status={notFound ? 'empty' : 'disconnected'}
        title={notFound ? '没有找到这本教材' : '加载失败'}
        description={book.error instanceof ApiError ? book.error.msg : '请返回重试'}
      >
        <Button color="primary" onClick={() => navigate(paths.mobile.textbook)}>
          去书城
        </Button>
      </ErrorBlock>
    );
  }
  if (!book.data) {
    return (
      <div style={{ padding: 80, textAlign: 'center', color: '#646a73' }}>
        正在打开教材 <DotLoading />
      </div>
    );
  }
  const action = readAction(book.data, loggedIn);
  if (action !== 'read') {
    return (
      <ErrorBlock
        fullPage
        status="default"
        title={action === 'login' ? '登录后即可阅读' : action === 'activate' ? '激活后即可阅读' : '暂时无法在线阅读'}
        description={
          action === 'login'
            ? `《${book.data.title}》需要登录${book.data.access === 'activation' ? '并激活' : ''}后阅读`
            : action === 'activate'
              ? `《${book.data.title}》需要输入激活码激活后阅读`
              : (book.data.accessHint ?? '这本教材暂无电子版')
        }
      >
        {action === 'login' && (
          <Button color="primary" onClick={() => navigate(mobileLoginHref(currentFullPath()))}>
            登录
          </Button>
        )}
        {action === 'activate' && (
          <Button color="primary" onClick={() => book.data && navigate(mobileActivationHref(book.data.id))}>
            输入激活码
          </Button>
        )}
        <Button style={{ marginLeft: 8 }} onClick={() => navigate(bookHref)}>
          教材详情
        </Button>
      </ErrorBlock>
    );
  }
  return (
    <>
      {/* Reading time of a recommended book counts for the running activity (docs/prize.md). */}
      {loggedIn && (
        <Suspense fallback={null}>
          <ActivityReading textbookId={id} reading aboveBar />
        </Suspense>
      )}
      <MobilePdfReader
        key={id}
        bookId={id}
        title={book.data.title}
        backHref={bookHref}
        saveProgress={loggedIn}
        pageMarks={marks}
        renderPageNote={
          errata
            ? (page) => (
                <Suspense fallback={null}>
                  <ErrataNotes page={page} errata={errataOnPage(errata, page)} />
                </Suspense>
              )
            : undefined
        }
        chapters={book.data.chapters}
      />
    </>
  );
}
