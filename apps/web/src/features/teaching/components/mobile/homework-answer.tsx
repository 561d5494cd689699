/**
 * H5 answering (`/mobileH5/homework/answer?id=`): the questions one under another with their
 * inputs, autosave, the grade of a choice answer as soon as it is saved, submit, then the result
 * (score, per-question grade, answers and analyses when the assignment allows). Reading and
 * resource assignments show what to read or study and lead to the reader or the preview.
 */
import type { SubmissionDetail } from '@eav/contract';
import { Button, Dialog, DotLoading, ErrorBlock, Tag, Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LazyRichText } from '@/components/rich-text';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { saveStateText } from '../../hooks/use-answer-sheet';
import { useWork, useWorkAnswers } from '../../hooks/use-work-session';
import { answeredCount } from '../../lib/answers';
import { ASSIGNMENT_KIND_LABELS, SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from '../../lib/labels';
import { answerKeyText, formatDateTime, formatScore, gradeText } from '../../lib/responses';
import { QuestionText } from '../common/question-text';
import { MobileAnswerInput } from './answer-input';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

function Summary({ work }: { work: SubmissionDetail }) {
  const a = work.assignment;
  return (
    <section className={styles.section} aria-label="作业信息">
      <p className={styles.rowTitle}>
        <Tag color="primary" fill="outline" style={{ marginRight: 6 }}>
          {ASSIGNMENT_KIND_LABELS[a.kind]}
        </Tag>
        {a.title}
      </p>
      <p className={styles.hint}>
        {a.className} · 截止 {formatDateTime(a.dueAt)}
        {a.allowLate ? '（允许补交）' : ''}
      </p>
      {a.instructions && <p className={styles.hint}>老师说明：{a.instructions}</p>}
      <p className={styles.hint} data-testid="work-status">
        状态：
        <Tag color={SUBMISSION_STATUS_COLORS[work.status]}>{SUBMISSION_STATUS_LABELS[work.status]}</Tag>
        {work.score != null && (
          <strong style={{ marginLeft: 8 }} data-testid="work-score">
            得分 {formatScore(work.score)} / {formatScore(work.maxScore)}
          </strong>
        )}
        {work.late && (
          <Tag color="warning" style={{ marginLeft: 6 }}>
            迟交
          </Tag>
        )}
      </p>
      {work.teacherComment && <p className={styles.hint}>老师评语：{work.teacherComment}</p>}
    </section>
  );
}

function Questions({ assignmentId, work }: { assignmentId: number; work: SubmissionDetail }) {
  const navigate = useNavigate();
  const { items, grades, sheet, submitAll, submitting, upload } = useWorkAnswers(assignmentId, work);
  const submitted = work.status === 'submitted' || work.status === 'graded';
  const editable = work.canSubmit;
  const answered = answeredCount(
    items.map((i) => ({ id: i.question.id, kind: i.kind })),
    sheet.drafts,
  );

  const submit = async () => {
    const missing = items.length - answered;
    const ok = await Dialog.confirm({
      content: missing > 0 ? `还有 ${missing} 题未作答，确定提交吗？` : '确定提交作业吗？提交后不能再修改。',
      confirmText: '提交',
      cancelText: '再检查一下',
    });
    if (!ok) return;
    try {
      const done = await submitAll();
      Toast.show({
        icon: 'success',
        content: done.score != null ? `已提交，得分 ${formatScore(done.score)}` : '已提交',
      });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (e) {
      Toast.show({ icon: 'fail', content: errorMessage(e, '提交失败，请稍后重试') });
    }
  };

  return (
    <>
      {items.map((item, index) => {
        const grade = gradeText(grades[item.question.id], submitted);
        const key = answerKeyText(item.answer);
        return (
          <article
            key={item.question.id}
            className={styles.question}
            aria-labelledby={`q-${item.question.id}`}
            onFocusCapture={() => sheet.focus(item.question.id)}
            onPointerDown={() => sheet.focus(item.question.id)}
            data-testid="work-question"
          >
            <div className={styles.qHead} id={`q-${item.question.id}`}>
              <strong>第 {index + 1} 题</strong>
              <span>{item.question.type}</span>
              <span>{formatScore(item.question.score)} 分</span>
            </div>
            <div className={styles.stem}>
              <QuestionText question={item.question} />
            </div>
            <div style={{ marginTop: 10 }}>
              <MobileAnswerInput
                question={item.question}
                kind={item.kind}
                value={sheet.drafts[item.question.id]}
                onChange={(d) => sheet.change(item.question.id, d)}
                disabled={!editable}
                onUpload={upload}
                label={`第 ${index + 1} 题作答`}
              />
            </div>
            {grade && (
              <div className={`${styles.result} ${styles[grade.tone]}`} role="status" data-testid="item-grade">
                {grade.text}
                {grades[item.question.id]?.comment && <div>老师评语：{grades[item.question.id]!.comment}</div>}
              </div>
            )}
            {key && (
              <div className={`${styles.result} ${styles.pending}`}>
                <div>
                  正确答案：
                  <LazyRichText inline source={key} />
                </div>
                {item.analysis && <LazyRichText source={`解析：${item.analysis}`} />}
              </div>
            )}
          </article>
        );
      })}
      {editable ? (
        <div className={styles.footer}>
          <span className={styles.hint} aria-live="polite" style={{ alignSelf: 'center' }}>
            已答 {answered}/{items.length} · {saveStateText(sheet.saveState)}
          </span>
          <Button color="primary" loading={submitting} onClick={() => void submit()} data-testid="work-submit">
            提交作业
          </Button>
        </div>
      ) : (
        <div style={{ margin: 12 }}>
          <Button block onClick={() => navigate(paths.mobile.homework)}>
            返回我的作业
          </Button>
        </div>
      )}
    </>
  );
}

function StudyTarget({ work }: { work: SubmissionDetail }) {
  const navigate = useNavigate();
  const t = work.assignment.target;
  if (work.assignment.kind === 'reading' && t.textbookId)
    return (
      <section className={styles.section} aria-label="阅读内容">
        <p className={styles.rowTitle}>{t.textbookTitle}</p>
        <p className={styles.hint}>
          {t.chapterTitle ? `${t.chapterTitle} · ` : ''}第 {t.pageFrom}–{t.pageTo} 页
        </p>
        <p className={styles.hint}>
          已读 {work.pagesRead.length} / {(t.pageTo ?? 0) - (t.pageFrom ?? 0) + 1} 页，读完这些页即完成。
        </p>
        <Button
          color="primary"
          block
          onClick={() => navigate(`${paths.mobile.pdf}?id=${t.textbookId}&page=${t.pageFrom}`)}
        >
          开始阅读
        </Button>
      </section>
    );
  if (work.assignment.kind === 'resource' && t.resourceId)
    return (
      <section className={styles.section} aria-label="学习资源">
        <p className={styles.rowTitle}>{t.resourceTitle}</p>
        <Button
          color="primary"
          fill="outline"
          block
          onClick={() => navigate(`${paths.mobilePerview}?id=${t.resourceId}`)}
        >
          查看资源
        </Button>
      </section>
    );
  return null;
}

function ResourceDone({ assignmentId, work }: { assignmentId: number; work: SubmissionDetail }) {
  const { submitAll, submitting } = useWorkAnswers(assignmentId, work);
  if (!work.canSubmit) return null;
  return (
    <div style={{ margin: 12 }}>
      <Button
        block
        color="primary"
        loading={submitting}
        onClick={() =>
          void submitAll().then(
            () => Toast.show({ icon: 'success', content: '已完成学习' }),
            (e: unknown) => Toast.show({ icon: 'fail', content: errorMessage(e, '提交失败') }),
          )
        }
      >
        我已学完
      </Button>
    </div>
  );
}

export function MobileHomeworkAnswer() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const id = Number(search.get('id')) || undefined;
  const q = useWork(user ? id : undefined);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.homework));

  useEffect(() => {
    if (q.data) document.title = `${q.data.assignment.title} - 作业`;
  }, [q.data]);

  return (
    <div className={styles.page}>
      <MobileBar title={q.data?.assignment.title ?? '作业'} onBack={back} />
      {!user ? (
        <section className={`${styles.section} ${styles.prompt}`}>
          <h2>登录后做作业</h2>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      ) : !id ? (
        <ErrorBlock status="empty" title="没有指定作业" description="请从“我的作业”进入" />
      ) : q.isPending ? (
        <div style={{ padding: 40, textAlign: 'center' }}>
          <DotLoading />
        </div>
      ) : q.isError ? (
        <ErrorBlock status="default" title="作业加载失败" description={errorMessage(q.error)} />
      ) : (
        <>
          <Summary work={q.data} />
          <StudyTarget work={q.data} />
          {q.data.assignment.kind === 'homework' && <Questions assignmentId={id} work={q.data} />}
          {q.data.assignment.kind === 'resource' && <ResourceDone assignmentId={id} work={q.data} />}
        </>
      )}
    </div>
  );
}
