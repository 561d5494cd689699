/**
 * H5 `downloadZone` (下载专区, docs/product.md §2): the resources of my textbooks, one book at a time,
 * to preview or download; logged out, an invitation to log in above the most downloaded resources.
 * antd-mobile only.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, CapsuleTabs, DotLoading, ErrorBlock } from 'antd-mobile';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useMyBooks } from '../../api/get-my-textbooks';
import { mobileLoginHref } from './mobile-resource-item';
import { ResourceFeedList } from './resource-feed';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

export function MobileDownloadZone() {
  const navigate = useNavigate();
  const loggedIn = useSession((s) => !!s.user);
  const myBooks = useMyBooks();
  const [search, setSearch] = useSearchParams();
  const books = useMemo(() => myBooks.data?.items.map((m) => m.textbook) ?? [], [myBooks.data]);
  const chosen = Number(search.get('textbookId')) || books[0]?.id;

  let mine;
  if (!loggedIn) {
    mine = (
      <ErrorBlock
        status="default"
        title="登录后查看我的教材资源"
        description="登录后，这里会列出您已激活教材的配套资源"
      >
        <Button color="primary" onClick={() => navigate(mobileLoginHref(currentFullPath()))}>
          去登录
        </Button>
      </ErrorBlock>
    );
  } else if (myBooks.isError) {
    mine = (
      <ErrorBlock status="disconnected" title="我的教材加载失败" description={errorMessage(myBooks.error)}>
        <Button color="primary" onClick={() => void myBooks.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  } else if (!myBooks.data) {
    mine = (
      <div className={styles.loading}>
        加载中 <DotLoading />
      </div>
    );
  } else if (books.length === 0) {
    mine = (
      <ErrorBlock status="empty" title="还没有激活教材" description="激活教材后，这里会列出教材的配套资源">
        <Button color="primary" onClick={() => navigate(paths.mobile.activation)}>
          激活教材
        </Button>
      </ErrorBlock>
    );
  } else {
    mine = (
      <>
        <CapsuleTabs activeKey={String(chosen)} onChange={(k) => setSearch({ textbookId: k }, { replace: true })}>
          {books.map((b) => (
            <CapsuleTabs.Tab key={String(b.id)} title={b.title} />
          ))}
        </CapsuleTabs>
        <ResourceFeedList key={chosen} query={{ textbookId: chosen, sort: 'newest' }} empty="这本教材暂时还没有资源" />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <MobileBar
        title="下载专区"
        onBack={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.home))}
      />
      <section className={styles.section} aria-labelledby="mine-heading">
        <h2 id="mine-heading" className={styles.sectionTitle}>
          我的教材资源
        </h2>
        {mine}
      </section>
      {(!loggedIn || (myBooks.data && books.length === 0)) && (
        <section className={styles.section} aria-labelledby="popular-heading">
          <h2 id="popular-heading" className={styles.sectionTitle}>
            热门资源
          </h2>
          <ResourceFeedList query={{ sort: 'downloads' }} empty="平台暂时还没有资源" />
        </section>
      )}
    </div>
  );
}
