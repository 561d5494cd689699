/**
 * `/digitalResources/paperCenter`: the paper centre. Title search, filter rows 学段/学科/年级/年份/
 * 地区/试卷类型 with counts, the paper list and pagination; all state in the URL query.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Pagination, Skeleton, Tag } from 'antd';
import { QuestionBankMessages, type PaperFacets, type PaperListItem } from '@eav/contract';
import { DigitalResourcesNav } from '@/components/digital-resources-nav';
import { paths, paperDetailPath } from '@/config/paths';
import { usePaperFacets } from '../api/get-paper-facets';
import { usePapers } from '../api/get-papers';
import { useUrlFilters } from '../hooks/use-url-filters';
import {
  facetQuery,
  hasFilters,
  listQuery,
  paperFilterSpec,
  setFilter,
  setKeyword,
  type PaperFilterKey,
  type UrlFilters,
} from '../lib/filters';
import { FacetFilters, fromDict, fromValues, type FacetRowSpec } from './facet-filters';
import { QueryError } from '@/components/errors/query-error';
import styles from './question-bank.module.css';
import { usePageLinks } from '@/components/ui/page-links';

export const PAPER_PAGE_SIZE = 20;

function paperRows(facets: PaperFacets, f: UrlFilters<PaperFilterKey>): FacetRowSpec[] {
  const v = f.values;
  return [
    { key: 'stageId', label: '学段', options: fromDict(facets.stage), selected: v.stageId },
    { key: 'subjectId', label: '学科', options: fromDict(facets.subject), selected: v.subjectId },
    { key: 'gradeId', label: '年级', options: fromDict(facets.grade), selected: v.gradeId },
    { key: 'year', label: '年份', options: fromValues(facets.year), selected: v.year },
    { key: 'region', label: '地区', options: fromValues(facets.region), selected: v.region },
    { key: 'paperType', label: '试卷类型', options: fromValues(facets.paperType), selected: v.paperType },
  ];
}

function PaperItem({ paper }: { paper: PaperListItem }) {
  return (
    <article className={styles.paperItem} data-testid="paper-item">
      <span className={styles.paperIcon} aria-hidden>
        <FileTextOutlined />
      </span>
      <div className={styles.paperMain}>
        <h2 className={styles.paperTitle}>
          <Link to={paperDetailPath(paper.id)}>{paper.title}</Link>
        </h2>
        <div className={styles.paperMeta}>
          <Tag color="blue">{paper.paperType}</Tag>
          {paper.partial && <Tag className={styles.partialTag}>{QuestionBankMessages.partial}</Tag>}
          <span>
            {paper.stage.name} · {paper.subject.name}
            {paper.grade ? ` · ${paper.grade.name}` : ''}
          </span>
          {paper.year && <span>{paper.year} 年</span>}
          {paper.region && <span>{paper.region}</span>}
          <span>{paper.questionCount} 道题</span>
          {paper.totalScore > 0 && <span>满分 {paper.totalScore} 分</span>}
        </div>
      </div>
    </article>
  );
}

export function PaperCenter() {
  const pageLinks = usePageLinks();
  const [filters, setFilters] = useUrlFilters(paperFilterSpec);
  const facets = usePaperFacets(facetQuery(filters));
  const list = usePapers(listQuery(filters, PAPER_PAGE_SIZE));
  const [keywordInput, setKeywordInput] = useState(filters.keyword ?? '');
  useEffect(() => setKeywordInput(filters.keyword ?? ''), [filters.keyword]);

  const total = list.data?.total ?? facets.data?.total;

  return (
    <div className={styles.page}>
      <DigitalResourcesNav />
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>试卷中心</h1>
          <p className={styles.heroSub}>历年高考真题与各类试卷，在线查看答案解析，打印或下载 Word / PDF</p>
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
              placeholder="搜索试卷名称，如：2016 全国卷 数学"
              prefix={<SearchOutlined />}
              aria-label="搜索试卷"
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
        <FacetFilters
          rows={facets.data ? paperRows(facets.data, filters) : undefined}
          loading={facets.isFetching}
          onSelect={(key, value) => setFilters((f) => setFilter(paperFilterSpec, f, key as PaperFilterKey, value))}
        />
        <div className={styles.resultBar}>
          <span className={styles.resultCount} data-testid="result-count">
            {total === undefined ? (
              '正在查找试卷…'
            ) : (
              <>
                共 <strong>{total}</strong> 份试卷
              </>
            )}
          </span>
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
          <QueryError error={list.error} onRetry={() => void list.refetch()} title="试卷列表加载失败" />
        ) : !list.data ? (
          <div aria-busy>
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ) : list.data.items.length === 0 ? (
          <Empty
            description={
              filters.keyword
                ? `没有找到与“${filters.keyword}”相关的试卷，换个关键词试试`
                : '当前条件下暂无试卷，试试调整筛选条件'
            }
          >
            {hasFilters(filters) && (
              <Button type="primary" onClick={() => setFilters({ values: {}, page: 1 })}>
                查看全部试卷
              </Button>
            )}
          </Empty>
        ) : (
          <>
            <div
              className={`${styles.paperList} ${list.isPlaceholderData ? styles.stale : ''}`}
              aria-busy={list.isPlaceholderData}
              data-testid="paper-list"
            >
              {list.data.items.map((p) => (
                <PaperItem key={p.id} paper={p} />
              ))}
            </div>
            {list.data.total > PAPER_PAGE_SIZE && (
              <Pagination
                itemRender={pageLinks}
                className={styles.pagination}
                align="center"
                current={filters.page}
                pageSize={PAPER_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                showTotal={(t) => `共 ${t} 份`}
                onChange={(page) => {
                  setFilters((f) => ({ ...f, page }));
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            )}
          </>
        )}
        <p className={styles.resultCount} style={{ marginTop: 24 }}>
          想自己出题组卷？去{' '}
          <Link className={styles.inlineLink} to={paths.cloudBase}>
            云题库
          </Link>{' '}
          按知识点选题。
        </p>
      </div>
    </div>
  );
}
