/**
 * 布置作业 for one class: the kind (作业 from picked questions, a paper or a composed paper; 阅读 of a
 * chapter or page range; 学习资源 from 同步资源), the title and note, publish now or at a time, the
 * due time, late submission and when answers show. The server checks everything again.
 */
import type { AssignmentCreateBody, ClassSummary, QuestionCard } from '@eav/contract';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Radio,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/stores/session';
import { useCreateAssignment } from '../../api/create-assignment';
import { useComposedPapers } from '../../api/get-composed-papers';
import { usePapers } from '../../api/get-papers';
import { useResources } from '../../api/search-resources';
import { useClassStage } from '../../hooks/use-class-stage';
import { ANSWER_VISIBILITY_LABELS } from '../../lib/labels';
import { chapterPageRange } from '../../lib/responses';
import { defaultDue, fromLocalInput } from '../../lib/time';
import { ChapterPicker } from './chapter-picker';
import { QuestionPicker } from './question-picker';
import styles from './desktop.module.css';

type Kind = 'homework' | 'reading' | 'resource';
type Source = 'questions' | 'paper' | 'composedPaper';

export function AssignmentBuilder({ cls, onDone }: { cls: ClassSummary; onDone(): void }) {
  const { message } = App.useApp();
  const userId = useSession((s) => s.user?.userId);
  const [kind, setKind] = useState<Kind>('homework');
  const [source, setSource] = useState<Source>('questions');
  const [picked, setPicked] = useState<Map<number, QuestionCard>>(new Map());
  const [paperId, setPaperId] = useState<number>();
  const [composedId, setComposedId] = useState<number>();
  const [book, setBook] = useState<number | undefined>(cls.textbookId ?? undefined);
  const [chapter, setChapter] = useState<number>();
  const [pages, setPages] = useState<{ from?: number; to?: number }>({});
  const [resourceId, setResourceId] = useState<number>();
  const [title, setTitle] = useState('');
  const [instructions, setInstructions] = useState('');
  const [publishNow, setPublishNow] = useState(true);
  const [publishAt, setPublishAt] = useState('');
  const [dueAt, setDueAt] = useState(defaultDue);
  const [allowLate, setAllowLate] = useState(false);
  const [visibility, setVisibility] = useState<'afterSubmit' | 'afterDue'>('afterSubmit');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAssignment(cls.id);

  // Papers of the class's 学段 and 学科 unless widened; the typed title words or year search on the server.
  const classStage = useClassStage(cls.grade.id);
  const [paperWide, setPaperWide] = useState(false);
  const [paperTyped, setPaperTyped] = useState('');
  const [paperKeyword, setPaperKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPaperKeyword(paperTyped.trim()), 300);
    return () => clearTimeout(timer);
  }, [paperTyped]);
  const papers = usePapers(
    {
      ...(paperWide ? {} : { stageId: classStage.stageId, subjectId: cls.subject.id }),
      keyword: paperKeyword || undefined,
      page: 1,
      pageSize: 50,
    },
    kind === 'homework' && source === 'paper' && (paperWide || !classStage.loading),
  );
  const composed = useComposedPapers(userId, kind === 'homework' && source === 'composedPaper');
  const resources = useResources(
    { textbookId: book, chapterId: chapter, page: 1, pageSize: 50 },
    kind === 'resource' && !!book,
  );

  const toggle = (q: QuestionCard) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(q.id)) next.delete(q.id);
      else next.set(q.id, q);
      return next;
    });
  const pickedList = useMemo(() => [...picked.values()], [picked]);

  const build = (): AssignmentCreateBody | string => {
    const due = fromLocalInput(dueAt);
    if (!title.trim()) return '请输入标题';
    if (!due) return '请选择截止时间';
    const publish = publishNow ? undefined : fromLocalInput(publishAt);
    if (!publishNow && !publish) return '请选择发布时间';
    const common = {
      title: title.trim(),
      instructions: instructions.trim() || undefined,
      publishAt: publish,
      dueAt: due,
      allowLate,
      answerVisibility: visibility,
    };
    if (kind === 'reading') {
      if (!book) return '请选择教材';
      if (!pages.from || !pages.to) return '请填写阅读的页码范围';
      return {
        kind,
        ...common,
        reading: { textbookId: book, chapterId: chapter, pageFrom: pages.from, pageTo: pages.to },
      };
    }
    if (kind === 'resource') {
      if (!resourceId) return '请选择学习资源';
      return { kind, ...common, resourceId };
    }
    if (source === 'questions') {
      if (picked.size === 0) return '请至少选择一道题';
      return { kind, ...common, defaultScore: 5, homework: { from: 'questions', questionIds: [...picked.keys()] } };
    }
    if (source === 'paper') {
      if (!paperId) return '请选择试卷';
      return { kind, ...common, defaultScore: 5, homework: { from: 'paper', paperId } };
    }
    if (!composedId) return '请选择组卷';
    return { kind, ...common, defaultScore: 5, homework: { from: 'composedPaper', composedPaperId: composedId } };
  };

  const submit = () => {
    const body = build();
    if (typeof body === 'string') return setError(body);
    setError(null);
    create.mutate(body, {
      onSuccess: () => {
        void message.success(publishNow ? '已布置，学生现在就能看到' : '已安排发布');
        onDone();
      },
      onError: (e) => setError(errorMessage(e, '布置失败，请稍后重试')),
    });
  };

  return (
    <section className={styles.card} aria-labelledby="wt-builder">
      <div className={styles.cardHead}>
        <h2 id="wt-builder" className={styles.cardTitle}>
          布置作业 · {cls.name}
        </h2>
        <Segmented
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          options={[
            { value: 'homework', label: '作业（题目）' },
            { value: 'reading', label: '阅读（教材章节）' },
            { value: 'resource', label: '学习资源' },
          ]}
        />
      </div>

      {kind === 'homework' && (
        <>
          <Radio.Group
            value={source}
            onChange={(e) => setSource(e.target.value as Source)}
            style={{ marginBottom: 12 }}
          >
            <Radio value="questions">从题库选题</Radio>
            <Radio value="paper">整套试卷</Radio>
            <Radio value="composedPaper">我的组卷</Radio>
          </Radio.Group>
          {source === 'questions' && (
            <>
              <QuestionPicker
                stageId={classStage.stageId}
                subjectId={cls.subject.id}
                defaultTextbookId={cls.textbookId ?? undefined}
                picked={picked}
                onToggle={toggle}
              />
              <div style={{ marginTop: 12 }} data-testid="picked">
                已选 <strong>{picked.size}</strong> 题：
                {pickedList.map((q, i) => (
                  <Tag key={q.id} closable onClose={() => toggle(q)} style={{ marginTop: 4 }}>
                    {i + 1}. {q.type}
                  </Tag>
                ))}
              </div>
            </>
          )}
          {source === 'paper' && (
            <Space direction="vertical" style={{ width: '100%', maxWidth: 560 }}>
              <Select
                aria-label="选择试卷"
                style={{ width: '100%' }}
                showSearch
                filterOption={false}
                onSearch={setPaperTyped}
                loading={papers.isFetching}
                placeholder="选择试卷中心的一套试卷（可输入标题或年份搜索）"
                value={paperId}
                onChange={(v: number) => {
                  setPaperId(v);
                  if (!title) setTitle(papers.data?.items.find((p) => p.id === v)?.title ?? '');
                }}
                options={papers.data?.items.map((p) => ({ value: p.id, label: p.title }))}
                notFoundContent={
                  papers.isFetching
                    ? '加载中…'
                    : paperWide
                      ? '没有符合条件的试卷'
                      : '本学段、本学科暂无符合条件的试卷，可勾选“不限学段和学科”'
                }
              />
              <Checkbox checked={paperWide} onChange={(e) => setPaperWide(e.target.checked)}>
                不限学段和学科
              </Checkbox>
            </Space>
          )}
          {source === 'composedPaper' && (
            <Select
              aria-label="选择我的组卷"
              style={{ width: '100%', maxWidth: 560 }}
              loading={composed.isLoading}
              placeholder="选择我的资源中的组卷"
              value={composedId}
              onChange={(v: number) => setComposedId(v)}
              options={composed.data?.items.map((p) => ({ value: p.id, label: `${p.title}（${p.questionCount} 题）` }))}
              notFoundContent="还没有组卷，可在云题库中组卷"
            />
          )}
        </>
      )}

      {(kind === 'reading' || kind === 'resource') && (
        <div className={styles.builder}>
          <ChapterPicker
            idPrefix="read"
            subjectId={cls.subject.id}
            textbookId={book}
            chapterId={chapter}
            onBook={(id) => {
              setBook(id);
              setChapter(undefined);
            }}
            onChapter={(id, tree) => {
              setChapter(id);
              const range = id ? chapterPageRange(tree, id) : null;
              if (range) setPages({ from: range.pageFrom, to: range.pageTo });
            }}
          />
          {kind === 'reading' ? (
            <div>
              <p className={styles.muted}>选择章节会自动填入页码，也可以直接修改页码范围。</p>
              <Space>
                <span>第</span>
                <InputNumber
                  aria-label="起始页"
                  min={1}
                  max={5000}
                  value={pages.from}
                  onChange={(v) => setPages((p) => ({ ...p, from: v ?? undefined }))}
                />
                <span>页 至 第</span>
                <InputNumber
                  aria-label="结束页"
                  min={1}
                  max={5000}
                  value={pages.to}
                  onChange={(v) => setPages((p) => ({ ...p, to: v ?? undefined }))}
                />
                <span>页</span>
              </Space>
            </div>
          ) : (
            <Radio.Group
              value={resourceId}
              onChange={(e) => setResourceId(e.target.value as number)}
              aria-label="学习资源"
            >
              <Space direction="vertical">
                {!book && <span className={styles.muted}>先选择教材和章节</span>}
                {resources.data?.items.map((r) => (
                  <Radio key={r.id} value={r.id}>
                    {r.title}
                  </Radio>
                ))}
                {book && resources.data?.items.length === 0 && <span className={styles.muted}>这一章暂无同步资源</span>}
              </Space>
            </Radio.Group>
          )}
        </div>
      )}

      <Form layout="vertical" style={{ marginTop: 20, maxWidth: 720 }} component="div">
        <Form.Item label="标题" required htmlFor="wt-title">
          <Input
            id="wt-title"
            maxLength={80}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="如：第一章 课后练习"
          />
        </Form.Item>
        <Form.Item label="说明（可选）" htmlFor="wt-note">
          <Input.TextArea
            id="wt-note"
            maxLength={500}
            rows={2}
            value={instructions}
            onChange={(e) => setInstructions(e.target.value)}
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label="发布">
            <Space>
              <Switch checked={publishNow} onChange={setPublishNow} aria-label="立即发布" />
              <span>{publishNow ? '立即发布' : '定时发布'}</span>
              {!publishNow && (
                <Input
                  type="datetime-local"
                  aria-label="发布时间"
                  value={publishAt}
                  onChange={(e) => setPublishAt(e.target.value)}
                />
              )}
            </Space>
          </Form.Item>
          <Form.Item label="截止时间" required htmlFor="wt-due">
            <Input
              id="wt-due"
              type="datetime-local"
              value={dueAt}
              onChange={(e) => setDueAt(e.target.value)}
              data-testid="due-at"
            />
          </Form.Item>
          <Form.Item label="允许补交">
            <Switch checked={allowLate} onChange={setAllowLate} aria-label="允许截止后补交" />
          </Form.Item>
        </Space>
        <Form.Item label="答案公布">
          <Radio.Group
            value={visibility}
            onChange={(e) => setVisibility(e.target.value as 'afterSubmit' | 'afterDue')}
            options={(['afterSubmit', 'afterDue'] as const).map((v) => ({
              value: v,
              label: ANSWER_VISIBILITY_LABELS[v],
            }))}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Button type="primary" size="large" loading={create.isPending} onClick={submit} data-testid="assign-submit">
        布置给 {cls.name}
      </Button>
    </section>
  );
}
