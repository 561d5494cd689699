/**
 * Print view (`/digitalResources/paperCenter/print?id=` or `?mine=` for an own composed paper):
 * the paper alone on a white page, print CSS (`@media print` hides the toolbar), questions in
 * order and, when chosen, 参考答案与解析 after them on a new page.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Checkbox, Result, Skeleton } from 'antd';
import { QuestionBankMessages, type PaperReadSection, type PaperSection } from '@eav/contract';
import { LazyRichText } from '@/components/rich-text';
import { loginPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useComposedPaper } from '../api/get-composed-paper';
import { usePaper } from '../api/get-paper';
import { answerText } from '../lib/answer';
import { QuestionBody } from './question-body';
import styles from './question-bank.module.css';

function parseId(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

interface Printable {
  title: string;
  subtitle?: string | null;
  note?: string;
  sections: (PaperSection | PaperReadSection)[];
}

function PrintSheet({ doc, answers }: { doc: Printable; answers: boolean }) {
  return (
    <article>
      <h1 className={styles.printTitle}>{doc.title}</h1>
      {(doc.subtitle || doc.note) && (
        <p className={styles.printSub}>{[doc.subtitle, doc.note].filter(Boolean).join(' · ')}</p>
      )}
      {doc.sections.map((s, i) => (
        <section key={i} className={styles.printSection}>
          <h2>{s.title}</h2>
          {s.questions.map((q) => (
            <div key={`${q.number}-${q.question.id}`} className={styles.printQuestion}>
              <QuestionBody
                question={q.question}
                prefix={
                  <>
                    <span className={styles.questionNumber}>{q.number}.</span>
                    {q.score != null && <span className={styles.questionScore}>（{q.score} 分）</span>}
                  </>
                }
              />
            </div>
          ))}
        </section>
      ))}
      {answers && (
        <section className={styles.printAnswers}>
          <h2 className={styles.printTitle}>参考答案与解析</h2>
          {doc.sections.flatMap((s) =>
            s.questions.map((q) => (
              <div key={`a-${q.number}-${q.question.id}`} className={styles.printQuestion}>
                <div className={styles.questionHead}>
                  <span className={styles.questionNumber}>{q.number}.</span>
                  <LazyRichText source={`【答案】${answerText(q.question.answer) || '略'}`} />
                </div>
                {q.question.analysis && <LazyRichText source={`【解析】${q.question.analysis}`} />}
              </div>
            )),
          )}
        </section>
      )}
    </article>
  );
}

export function PaperPrintPage() {
  const [search, setSearch] = useSearchParams();
  const paperId = parseId(search.get('id'));
  const mineId = parseId(search.get('mine'));
  const answers = search.get('answers') === '1';
  const user = useSession((s) => s.user);
  const paper = usePaper(mineId === undefined ? paperId : undefined);
  const composed = useComposedPaper(mineId !== undefined ? user?.userId : undefined, mineId);
  const query = mineId !== undefined ? composed : paper;

  const doc: Printable | undefined = paper.data
    ? {
        title: paper.data.title,
        note: paper.data.partial ? `${QuestionBankMessages.partial}（部分含图试题未收录）` : undefined,
        sections: paper.data.sections,
      }
    : composed.data
      ? {
          title: composed.data.title,
          subtitle: composed.data.subtitle,
          note: `满分 ${composed.data.totalScore} 分`,
          sections: composed.data.sections,
        }
      : undefined;

  const docTitle = doc?.title;
  useEffect(() => {
    if (docTitle) document.title = `${docTitle} - 打印`;
  }, [docTitle]);

  let body: React.ReactNode;
  if (mineId !== undefined && !user) {
    body = (
      <Result
        status="403"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>请先登录</h1>}
        subTitle="登录后才能打印自己的组卷"
        extra={
          <Button type="primary" href={`#${loginPath('login', currentFullPath())}`}>
            去登录
          </Button>
        }
      />
    );
  } else if (
    (paperId === undefined && mineId === undefined) ||
    (query.error instanceof ApiError && query.error.status === 404)
  ) {
    body = (
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{QuestionBankMessages.paperNotFound}</h1>}
        extra={
          <Button type="primary" href={`#${paths.paperCenter}`}>
            返回试卷中心
          </Button>
        }
      />
    );
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title="试卷加载失败"
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  } else if (!doc) {
    body = <Skeleton active paragraph={{ rows: 12 }} />;
  } else {
    body = <PrintSheet doc={doc} answers={answers} />;
  }

  return (
    <main className={styles.print}>
      <div className={styles.printToolbar}>
        <Checkbox
          checked={answers}
          onChange={(e) => {
            const next = new URLSearchParams(search);
            if (e.target.checked) next.set('answers', '1');
            else next.delete('answers');
            setSearch(next, { replace: true });
          }}
        >
          附参考答案与解析
        </Checkbox>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!doc} onClick={() => window.print()}>
          打印
        </Button>
      </div>
      {body}
    </main>
  );
}
