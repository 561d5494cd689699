/**
 * `/mobileH5/activation[?id=<book>&redirect=<path>]`: activate a textbook by code on the H5 site,
 * then read it; below, the user's textbooks with continue-reading. Logged-out visitors are asked
 * to log in first. Opened for a book (`id`), the page sends that book's id: a code of another book
 * is not redeemed but named, and only the user's confirmation activates that book.
 */
import { useState } from 'react';
import type { TextbookListItem } from '@eav/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, ErrorBlock, Input, ProgressBar, Result, Skeleton } from 'antd-mobile';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useActivateTextbook } from '../../api/activate-textbook';
import { useMyTextbooks } from '../../api/get-my-textbooks';
import { useTextbook } from '../../api/get-textbook';
import { activationErrorMessage, codeProblem, formatCodeInput, otherBookOf } from '../../lib/activation-code';
import { formatDate, progressPercent } from '../../lib/format';
import { MobileCover } from './mobile-cover';
import { mobileLoginHref } from '../../lib/mobile-links';
import { activationOutcome } from '../../lib/activation-outcome';
import styles from './mobile.module.css';

function MyBooks() {
  const query = useMyTextbooks();
  if (query.isPending) return <Skeleton.Paragraph lineCount={4} animated />;
  if (query.isError) return <p className={styles.help}>我的教材加载失败，请下拉刷新重试。</p>;
  if (query.data.items.length === 0) return <p className={styles.help}>还没有激活的教材。激活后会显示在这里。</p>;
  return (
    <div className={styles.list} style={{ padding: 0 }} data-testid="h5-my-books">
      {query.data.items.map(({ textbook: b, progress, activatedAt }) => {
        const pct = progress ? progressPercent(progress.page, progress.totalPages ?? b.pageCount) : null;
        return (
          <Link
            key={b.id}
            to={b.hasFile ? `${paths.mobile.pdf}?id=${b.id}` : `${paths.mobile.browseBook}?id=${b.id}`}
            className={styles.row}
            style={{ padding: 0 }}
          >
            <div className={styles.rowCover} style={{ flexBasis: 56 }}>
              <MobileCover id={b.id} coverUrl={b.coverUrl} title={b.title} />
            </div>
            <div className={styles.rowText}>
              <h3 className={styles.rowTitle} style={{ fontSize: 14 }}>
                {b.title}
              </h3>
              <span className={styles.rowMeta}>{formatDate(activatedAt)} 激活</span>
              <span className={styles.rowMeta}>
                {progress ? `读到第 ${progress.page} 页 · 继续阅读` : '尚未开始阅读 · 开始阅读'}
              </span>
              {pct !== null && <ProgressBar percent={pct} style={{ '--track-width': '3px' }} />}
            </div>
          </Link>
        );
      })}
    </div>
  );
}

/** The book id of the page's `id` parameter, or undefined when absent or not an id. */
function bookIdParam(raw: string | null): number | undefined {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export function MobileActivation() {
  const loggedIn = useSession((s) => !!s.user);
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const bookId = bookIdParam(search.get('id'));
  const book = useTextbook(loggedIn ? bookId : undefined).data;
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  /** The book the typed code is for, when it is not the page's book (awaiting confirmation). */
  const [otherBook, setOtherBook] = useState<TextbookListItem | null>(null);
  const mutation = useActivateTextbook();
  const problem = codeProblem(code);
  const error = mutation.isError ? activationErrorMessage(mutation.error) : touched ? problem : null;

  const activate = (textbookId: number | undefined) =>
    mutation.mutate(
      { code, textbookId },
      {
        onSuccess: () => setOtherBook(null),
        onError: (e) => {
          const other = otherBookOf(e);
          if (other) setOtherBook(other);
        },
      },
    );

  const submit = () => {
    setTouched(true);
    if (!problem && !mutation.isPending) activate(bookId);
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1>激活教材</h1>
        <p>
          {book
            ? `为《${book.title}》输入 16 位激活码，激活后即可在手机和电脑上阅读`
            : '输入教材附带的 16 位激活码，激活后即可在手机和电脑上阅读'}
        </p>
      </header>
      {!loggedIn ? (
        <section className={styles.card}>
          <ErrorBlock status="default" title="请先登录" description="激活的教材会保存到您的账号中">
            <Button color="primary" onClick={() => navigate(mobileLoginHref())}>
              登录 / 注册
            </Button>
          </ErrorBlock>
        </section>
      ) : mutation.data ? (
        <section className={styles.card}>
          <Result
            status="success"
            title={activationOutcome(mutation.data).title}
            description={activationOutcome(mutation.data).detail}
          />
          <div className={styles.actions}>
            {mutation.data.textbook.hasFile && (
              <Button color="primary" onClick={() => navigate(`${paths.mobile.pdf}?id=${mutation.data!.textbook.id}`)}>
                开始阅读
              </Button>
            )}
            <Button
              onClick={() => {
                mutation.reset();
                setCode('');
                setTouched(false);
                if (redirect?.startsWith('/')) navigate(redirect);
              }}
            >
              {redirect?.startsWith('/') ? '返回' : '继续激活'}
            </Button>
          </div>
        </section>
      ) : otherBook ? (
        <section className={styles.card} data-testid="activation-other-book">
          <div className={styles.row} style={{ padding: 0 }}>
            <div className={styles.rowCover} style={{ flexBasis: 64 }}>
              <MobileCover id={otherBook.id} coverUrl={otherBook.coverUrl} title={otherBook.title} />
            </div>
            <div className={styles.rowText}>
              <span className={styles.rowNote}>
                {book ? `该激活码不是《${book.title}》的激活码，` : '该激活码不属于当前教材，'}它用于激活：
              </span>
              <h2 className={styles.rowTitle}>《{otherBook.title}》</h2>
              <span className={styles.rowNote}>激活码尚未使用。确认后将激活这本教材，激活码随即失效。</span>
            </div>
          </div>
          <p className={styles.error} role="alert">
            {mutation.isError && !otherBookOf(mutation.error) ? activationErrorMessage(mutation.error) : ''}
          </p>
          <div className={styles.actions}>
            <Button
              disabled={mutation.isPending}
              onClick={() => {
                setOtherBook(null);
                mutation.reset();
              }}
            >
              重新输入
            </Button>
            <Button color="primary" loading={mutation.isPending} onClick={() => activate(otherBook.id)}>
              激活这本教材
            </Button>
          </div>
        </section>
      ) : (
        <section className={styles.card}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Input
              className={`${styles.codeInput} ${error ? styles.codeInputError : ''}`}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={code}
              maxLength={19}
              clearable
              autoComplete="off"
              aria-label="激活码"
              onChange={(v) => {
                setCode(formatCodeInput(v));
                if (mutation.isError) mutation.reset();
              }}
              onEnterPress={submit}
            />
            <p className={styles.error} role="alert">
              {error ?? ''}
            </p>
            <Button block color="primary" size="large" type="submit" loading={mutation.isPending}>
              立即激活
            </Button>
          </form>
          <p className={styles.help}>
            激活码印在教材包装或购书凭证上，每个激活码只能使用一次；数字 0/1 与字母 O/I/L 不会出现在激活码中。
          </p>
        </section>
      )}
      {loggedIn && (
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>我的教材</h2>
          <MyBooks />
        </section>
      )}
    </div>
  );
}
