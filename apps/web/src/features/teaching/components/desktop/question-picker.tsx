/**
 * Homework questions from the question bank: by 知识点 or by 教材章节 on the left, the matching
 * question cards on the right with 选入 / 移除; the picked ones are the caller's.
 */
import type { QuestionCard } from '@eav/contract';
import { Button, Checkbox, Empty, Input, Pagination, Segmented, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useBankQuestions } from '../../api/get-bank-questions';
import { QuestionText } from '../common/question-text';
import { ChapterPicker } from './chapter-picker';
import { KnowledgePicker } from './knowledge-picker';
import styles from './desktop.module.css';

const PAGE_SIZE = 10;

/** Question types to browse by (those the bank holds most; 解答题 and 填空题 are graded by the teacher or after normalisation). */
const TYPES = ['单选题', '多选题', '填空题', '解答题', '阅读理解', '作文'];

type Way = 'kp' | 'chapter' | 'type';

export function QuestionPicker({
  stageId: classStageId,
  subjectId,
  defaultTextbookId,
  picked,
  onToggle,
}: {
  /** The class's 学段: knowledge points and questions of other stages stay out unless widened. */
  stageId?: number;
  subjectId?: number;
  defaultTextbookId?: number;
  picked: ReadonlyMap<number, QuestionCard>;
  onToggle(q: QuestionCard): void;
}) {
  const [way, setWay] = useState<Way>('kp');
  const [type, setType] = useState<string>('解答题');
  const [keyword, setKeyword] = useState('');
  const [kp, setKp] = useState<number>();
  const [book, setBook] = useState<number | undefined>(defaultTextbookId);
  const [chapter, setChapter] = useState<number>();
  const [page, setPage] = useState(1);
  const [allStages, setAllStages] = useState(false);
  const stageId = allStages ? undefined : classStageId;
  const params =
    way === 'kp'
      ? { knowledgePointId: kp, stageId, subjectId, page, pageSize: PAGE_SIZE }
      : way === 'chapter'
        ? { textbookId: book, chapterId: chapter, page, pageSize: PAGE_SIZE }
        : { stageId, subjectId, type, keyword: keyword || undefined, page, pageSize: PAGE_SIZE };
  const ready = way === 'kp' ? !!kp : way === 'chapter' ? !!book : true;
  const list = useBankQuestions(params, ready);

  return (
    <div className={styles.builder}>
      <aside aria-label="找题方式">
        <Segmented
          block
          value={way}
          onChange={(v) => {
            setWay(v as Way);
            setPage(1);
          }}
          options={[
            { value: 'kp', label: '按知识点' },
            { value: 'chapter', label: '按章节' },
            { value: 'type', label: '按题型' },
          ]}
          style={{ marginBottom: 12 }}
        />
        {way !== 'chapter' && classStageId !== undefined && (
          <Checkbox
            checked={allStages}
            onChange={(e) => {
              setAllStages(e.target.checked);
              setKp(undefined);
              setPage(1);
            }}
            style={{ marginBottom: 8 }}
          >
            不限学段
          </Checkbox>
        )}
        {way === 'kp' ? (
          <KnowledgePicker
            stageId={stageId}
            subjectId={subjectId}
            selected={kp}
            onSelect={(id) => {
              setKp(id);
              setPage(1);
            }}
          />
        ) : way === 'type' ? (
          <div style={{ display: 'grid', gap: 8 }}>
            <label htmlFor="pick-type">题型</label>
            <Select
              id="pick-type"
              value={type}
              onChange={(v: string) => {
                setType(v);
                setPage(1);
              }}
              options={TYPES.map((t) => ({ value: t, label: t }))}
            />
            <Input.Search
              aria-label="题干关键词"
              placeholder="题干关键词（可选）"
              allowClear
              maxLength={50}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
          </div>
        ) : (
          <ChapterPicker
            idPrefix="pick"
            subjectId={subjectId}
            textbookId={book}
            chapterId={chapter}
            showCounts
            onBook={(id) => {
              setBook(id);
              setChapter(undefined);
              setPage(1);
            }}
            onChapter={(id) => {
              setChapter(id);
              setPage(1);
            }}
          />
        )}
      </aside>
      <div className={styles.pickList} data-testid="pick-list">
        {!ready ? (
          <Empty description={way === 'kp' ? '在左侧选择知识点' : '在左侧选择教材和章节'} />
        ) : list.isError ? (
          <p role="alert">{errorMessage(list.error, '试题加载失败')}</p>
        ) : !list.data ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : list.data.items.length === 0 ? (
          <Empty description="这里暂无试题" />
        ) : (
          <>
            <p className={styles.muted} style={{ margin: 0 }}>
              共 {list.data.total} 道
            </p>
            {list.data.items.map((q) => {
              const on = picked.has(q.id);
              return (
                <div key={q.id} className={styles.pickItem} data-testid="pick-item">
                  <div>
                    <Tag>{q.type}</Tag>
                    <QuestionText question={q} showOptions />
                  </div>
                  <Button
                    type={on ? 'default' : 'primary'}
                    ghost={!on}
                    onClick={() => onToggle(q)}
                    aria-pressed={on}
                    aria-label={`${on ? '移除' : '选入'}第 ${(page - 1) * PAGE_SIZE + list.data.items.indexOf(q) + 1} 题`}
                  >
                    {on ? '移除' : '选入'}
                  </Button>
                </div>
              );
            })}
            {list.data.total > PAGE_SIZE && (
              <Pagination
                style={{ marginTop: 12 }}
                align="center"
                current={page}
                pageSize={PAGE_SIZE}
                total={Math.min(list.data.total, PAGE_SIZE * 100)}
                showSizeChanger={false}
                onChange={setPage}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
