/**
 * `/videoResource`: network learning, the audio-video lessons attached to textbooks and chapters.
 * Stage and subject filters, keyword search and paging live in the URL.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Pagination, Result } from 'antd';
import { useStageSubjects, useStages } from '@/api/dictionaries';
import { ApiError } from '@/lib/api-client';
import { useVideos } from '../api/get-videos';
import { LessonCard, LessonCardSkeleton } from './lesson-card';
import styles from './learning.module.css';
import { usePageLinks } from '@/components/ui/page-links';

const PAGE_SIZE = 16;

function positive(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function LessonLibrary() {
  const pageLinks = usePageLinks();
  const [search, setSearch] = useSearchParams();
  const stageId = positive(search.get('stageId'));
  const subjectId = positive(search.get('subjectId'));
  const keyword = search.get('keyword')?.trim() || undefined;
  const page = positive(search.get('page')) ?? 1;
  const [input, setInput] = useState(keyword ?? '');
  useEffect(() => setInput(keyword ?? ''), [keyword]);

  const stages = useStages();
  const subjects = useStageSubjects(stageId);
  const list = useVideos({ stageId, subjectId, keyword, page, pageSize: PAGE_SIZE });

  const update = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setSearch(next);
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1>网络学习</h1>
          <p>与教材章节同步的音视频课程，随时随地跟着课本学</p>
          <form
            className={styles.heroSearch}
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              update({ keyword: input.trim() || undefined });
            }}
          >
            <Input
              size="large"
              allowClear
              value={input}
              maxLength={50}
              prefix={<SearchOutlined />}
              placeholder="搜索课程或教材名称"
              aria-label="搜索课程"
              onChange={(e) => setInput(e.target.value)}
              onClear={() => update({ keyword: undefined })}
            />
            <Button size="large" type="primary" htmlType="submit">
              搜索
            </Button>
          </form>
        </div>
      </section>
      <div className={styles.container}>
        <div className={styles.filters}>
          <div className={styles.filterRow}>
            <span className={styles.filterLabel}>学段</span>
            <div className={styles.chips}>
              <button
                type="button"
                className={!stageId ? styles.chipOn : styles.chip}
                onClick={() => update({ stageId: undefined, subjectId: undefined })}
              >
                全部
              </button>
              {(stages.data ?? []).map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className={stageId === s.id ? styles.chipOn : styles.chip}
                  onClick={() => update({ stageId: s.id, subjectId: undefined })}
                >
                  {s.name}
                </button>
              ))}
            </div>
          </div>
          {stageId && (subjects.data?.length ?? 0) > 0 && (
            <div className={styles.filterRow}>
              <span className={styles.filterLabel}>学科</span>
              <div className={styles.chips}>
                <button
                  type="button"
                  className={!subjectId ? styles.chipOn : styles.chip}
                  onClick={() => update({ subjectId: undefined })}
                >
                  全部
                </button>
                {subjects.data!.map((s) => (
                  <button
                    key={s.id}
                    type="button"
                    className={subjectId === s.id ? styles.chipOn : styles.chip}
                    onClick={() => update({ subjectId: s.id })}
                  >
                    {s.name}
                  </button>
                ))}
              </div>
            </div>
          )}
        </div>
        <p className={styles.count}>{list.data ? `共 ${list.data.total} 节课程` : '正在加载课程…'}</p>
        {list.isError && !list.data ? (
          <Result
            status="warning"
            title="课程加载失败"
            subTitle={list.error instanceof ApiError ? list.error.msg : '请稍后重试'}
            extra={<Button onClick={() => void list.refetch()}>重新加载</Button>}
          />
        ) : !list.data ? (
          <div className={styles.grid}>
            {Array.from({ length: 8 }, (_, i) => (
              <LessonCardSkeleton key={i} />
            ))}
          </div>
        ) : list.data.items.length === 0 ? (
          <Empty
            className={styles.empty}
            description={keyword ? `没有找到与“${keyword}”相关的课程` : '当前条件下暂无课程'}
          >
            {(stageId || keyword) && (
              <Button type="primary" onClick={() => setSearch(new URLSearchParams())}>
                查看全部课程
              </Button>
            )}
          </Empty>
        ) : (
          <>
            <div className={styles.grid} data-testid="lesson-grid">
              {list.data.items.map((v) => (
                <LessonCard key={v.id} lesson={v} />
              ))}
            </div>
            {list.data.total > PAGE_SIZE && (
              <Pagination
                itemRender={pageLinks}
                className={styles.pagination}
                align="center"
                current={page}
                pageSize={PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                onChange={(p) => update({ page: p })}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
