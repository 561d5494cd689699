/**
 * `/digitalResources/cloudBase`: the cloud question bank. Two ways in on the left (the knowledge-point
 * tree, a textbook's chapter tree), filters with counts (学段, 学科, 题型, 难度, 年份, 来源), keyword
 * search in stems, question cards with 答案解析 on demand, and the 试题篮 kept on the server with
 * 组卷 (docs/api.md). All filters live in the URL query.
 */
import { useEffect, useMemo, useState } from 'react';
import { ShoppingCartOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Input, Pagination, Skeleton, Tabs, Tag } from 'antd';
import type { QuestionFacets } from '@eav/contract';
import { DigitalResourcesNav } from '@/components/digital-resources-nav';
import { useAddToBasket } from '../api/add-to-basket';
import { useClearBasket } from '../api/clear-basket';
import { useBasket } from '../api/get-basket';
import { useQuestionFacets } from '../api/get-question-facets';
import { useQuestions } from '../api/get-questions';
import { useRemoveFromBasket } from '../api/remove-from-basket';
import { useLoginGate } from '../hooks/use-login-gate';
import { useUrlFilters } from '../hooks/use-url-filters';
import {
  facetQuery,
  hasFilters,
  listQuery,
  questionFilterSpec,
  setFilter,
  setKeyword,
  type QuestionFilterKey,
  type UrlFilters,
} from '../lib/filters';
import { BasketDrawer } from './basket-drawer';
import { ChapterWay } from './chapter-way';
import { ComposeDialog } from './compose-dialog';
import { FacetFilters, fromDict, fromValues, type FacetRowSpec } from './facet-filters';
import { KnowledgePointTree } from './knowledge-point-tree';
import { QueryError } from '@/components/errors/query-error';
import { QuestionCard } from './question-card';
import styles from './question-bank.module.css';
import { usePageLinks } from '@/components/ui/page-links';

export const QUESTION_PAGE_SIZE = 10;

function questionRows(facets: QuestionFacets, f: UrlFilters<QuestionFilterKey>): FacetRowSpec[] {
  const v = f.values;
  return [
    { key: 'stageId', label: '学段', options: fromDict(facets.stage), selected: v.stageId },
    { key: 'subjectId', label: '学科', options: fromDict(facets.subject), selected: v.subjectId },
    { key: 'type', label: '题型', options: fromValues(facets.type), selected: v.type },
    { key: 'difficulty', label: '难度', options: fromValues(facets.difficulty), selected: v.difficulty },
    { key: 'year', label: '年份', options: fromValues(facets.year), selected: v.year },
    { key: 'origin', label: '来源', options: fromValues(facets.origin), selected: v.origin },
  ];
}

export function CloudBase() {
  const pageLinks = usePageLinks();
  const [filters, setFilters] = useUrlFilters(questionFilterSpec);
  const facets = useQuestionFacets(facetQuery(filters));
  const list = useQuestions(listQuery(filters, QUESTION_PAGE_SIZE));
  const [keywordInput, setKeywordInput] = useState(filters.keyword ?? '');
  useEffect(() => setKeywordInput(filters.keyword ?? ''), [filters.keyword]);
  const [way, setWay] = useState<'kp' | 'chapter'>(filters.values.textbookId ? 'chapter' : 'kp');
  const [basketOpen, setBasketOpen] = useState(false);
  const [composeOpen, setComposeOpen] = useState(false);

  const { userId, requireLogin } = useLoginGate();
  const basket = useBasket(userId);
  const add = useAddToBasket(userId);
  const remove = useRemoveFromBasket(userId);
  const clear = useClearBasket(userId);
  const inBasket = useMemo(() => new Set(basket.data?.items.map((i) => i.question.id)), [basket.data]);
  const busyIds = new Set<number>([
    ...(add.isPending ? (add.variables ?? []) : []),
    ...(remove.isPending && remove.variables !== undefined ? [remove.variables] : []),
  ]);

  const set = (key: QuestionFilterKey, value: string | undefined) =>
    setFilters((f) => setFilter(questionFilterSpec, f, key, value));
  const total = list.data?.total ?? facets.data?.total;
  const v = filters.values;

  const toggleBasket = (id: number) =>
    requireLogin('使用试题篮', () => (inBasket.has(id) ? remove.mutate(id) : add.mutate([id])));

  return (
    <div className={styles.page}>
      <DigitalResourcesNav />
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>云题库</h1>
          <p className={styles.heroSub}>按知识点或教材章节找题，查看答案解析，放入试题篮一键组卷，导出 Word / PDF</p>
          <form
            className={styles.heroSearch}
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters((f) => setKeyword(f, keywordInput));
            }}
          >
            <Input
              size="large"
              allowClear
              value={keywordInput}
              maxLength={50}
              placeholder="搜索题干中的文字，如：等差数列、函数的零点"
              prefix={<SearchOutlined />}
              aria-label="搜索试题"
              onChange={(e) => setKeywordInput(e.target.value)}
              onClear={() => setFilters((f) => setKeyword(f, ''))}
            />
            <Button size="large" type="primary" htmlType="submit">
              搜索
            </Button>
          </form>
        </div>
      </section>

      <div className={styles.container}>
        <div className={styles.bankLayout} style={{ marginTop: 0 }}>
          <aside className={styles.side} style={{ marginTop: -36 }} aria-label="找题方式">
            <Tabs
              activeKey={way}
              onChange={(k) => setWay(k as 'kp' | 'chapter')}
              items={[
                {
                  key: 'kp',
                  label: '知识点',
                  children: (
                    <KnowledgePointTree
                      stageId={v.stageId}
                      subjectId={v.subjectId}
                      selected={v.knowledgePointId}
                      onSelect={(id) => set('knowledgePointId', id)}
                    />
                  ),
                },
                {
                  key: 'chapter',
                  label: '教材章节',
                  children: (
                    <ChapterWay
                      stageId={v.stageId}
                      subjectId={v.subjectId}
                      textbookId={v.textbookId}
                      chapterId={v.chapterId}
                      onBook={(id) => set('textbookId', id)}
                      onChapter={(id) => set('chapterId', id)}
                    />
                  ),
                },
              ]}
            />
          </aside>

          <div className={styles.bankMain} style={{ marginTop: -36 }}>
            <FacetFilters
              rows={facets.data ? questionRows(facets.data, filters) : undefined}
              loading={facets.isFetching}
              onSelect={(key, value) => set(key as QuestionFilterKey, value)}
            />
            <div className={styles.resultBar}>
              <span className={styles.resultCount} data-testid="result-count">
                {total === undefined ? (
                  '正在查找试题…'
                ) : (
                  <>
                    共 <strong>{total}</strong> 道试题
                  </>
                )}
              </span>
              {v.knowledgePointId && (
                <Tag closable onClose={(e) => (e.preventDefault(), set('knowledgePointId', undefined))}>
                  已按知识点筛选
                </Tag>
              )}
              {v.textbookId && (
                <Tag closable onClose={(e) => (e.preventDefault(), set('textbookId', undefined))}>
                  {v.chapterId ? '已按教材章节筛选' : '已按教材筛选'}
                </Tag>
              )}
              {filters.keyword && (
                <Tag closable onClose={(e) => (e.preventDefault(), setFilters((f) => setKeyword(f, '')))}>
                  关键词：{filters.keyword}
                </Tag>
              )}
              {hasFilters(filters) && (
                <Button
                  type="link"
                  size="small"
                  className={styles.linkButton}
                  onClick={() => setFilters({ values: {}, page: 1 })}
                >
                  清空条件
                </Button>
              )}
            </div>

            {list.isError && !list.data ? (
              <QueryError error={list.error} onRetry={() => void list.refetch()} title="试题加载失败" />
            ) : !list.data ? (
              <div className={styles.card} aria-busy>
                <Skeleton active paragraph={{ rows: 6 }} />
              </div>
            ) : list.data.items.length === 0 ? (
              <Empty
                description={
                  filters.keyword
                    ? `没有找到题干含“${filters.keyword}”的试题，换个关键词试试`
                    : '当前条件下暂无试题，试试调整筛选条件'
                }
              >
                {hasFilters(filters) && (
                  <Button type="primary" onClick={() => setFilters({ values: {}, page: 1 })}>
                    查看全部试题
                  </Button>
                )}
              </Empty>
            ) : (
              <>
                <div
                  className={list.isPlaceholderData ? styles.stale : ''}
                  aria-busy={list.isPlaceholderData}
                  data-testid="question-list"
                >
                  {list.data.items.map((q) => (
                    <QuestionCard
                      key={q.id}
                      question={q}
                      inBasket={inBasket.has(q.id)}
                      basketBusy={busyIds.has(q.id)}
                      onToggleBasket={() => toggleBasket(q.id)}
                      onKnowledgePoint={(id) => {
                        setWay('kp');
                        set('knowledgePointId', String(id));
                      }}
                    />
                  ))}
                </div>
                {list.data.total > QUESTION_PAGE_SIZE && (
                  <Pagination
                    itemRender={pageLinks}
                    className={styles.pagination}
                    align="center"
                    current={filters.page}
                    pageSize={QUESTION_PAGE_SIZE}
                    total={Math.min(list.data.total, QUESTION_PAGE_SIZE * 1000)}
                    showSizeChanger={false}
                    showTotal={() => `共 ${list.data.total} 道`}
                    onChange={(page) => {
                      setFilters((f) => ({ ...f, page }));
                      window.scrollTo({ top: 0, behavior: 'smooth' });
                    }}
                  />
                )}
              </>
            )}
          </div>
        </div>
      </div>

      <div className={styles.basketFab}>
        <Badge count={basket.data?.items.length ?? 0} showZero={!!userId} overflowCount={99}>
          <Button
            type="primary"
            size="large"
            shape="round"
            icon={<ShoppingCartOutlined />}
            onClick={() => requireLogin('使用试题篮', () => setBasketOpen(true))}
            aria-label={`试题篮，${basket.data?.items.length ?? 0} 道题`}
            data-testid="basket-button"
          >
            试题篮
          </Button>
        </Badge>
      </div>
      <BasketDrawer
        open={basketOpen}
        basket={basket.data}
        loading={basket.isLoading}
        removing={remove.isPending}
        clearing={clear.isPending}
        onClose={() => setBasketOpen(false)}
        onRemove={(id) => remove.mutate(id)}
        onClear={() => clear.mutate()}
        onCompose={() => setComposeOpen(true)}
      />
      <ComposeDialog
        open={composeOpen}
        userId={userId}
        questions={basket.data?.items.map((i) => i.question) ?? []}
        onClose={() => {
          setComposeOpen(false);
          setBasketOpen(false);
        }}
      />
    </div>
  );
}
