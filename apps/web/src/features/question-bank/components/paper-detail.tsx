/**
 * `/digitalResources/paperCenter/paper?id=`: a paper with every question rendered (Markdown + TeX),
 * answers per question or all at once, 节选 for partial papers, the print view and DOCX/PDF downloads.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Result, Skeleton, Space, Switch, Tag } from 'antd';
import { QuestionBankMessages } from '@eav/contract';
import { DigitalResourcesNav } from '@/components/digital-resources-nav';
import { paperPrintPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePaper } from '../api/get-paper';
import { ExportButtons } from './export-buttons';
import { PaperSections } from './paper-view';
import { QueryError } from '@/components/errors/query-error';
import styles from './question-bank.module.css';

function parseId(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export function PaperDetailPage() {
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const paper = usePaper(id);
  const [showAll, setShowAll] = useState(false);

  let body: React.ReactNode;
  if (id === undefined || (paper.error instanceof ApiError && paper.error.status === 404)) {
    body = (
      <Result
        status="404"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{QuestionBankMessages.paperNotFound}</h1>}
        subTitle="试卷可能已下架，或链接不完整"
        extra={
          <Button type="primary" href={`#${paths.paperCenter}`}>
            返回试卷中心
          </Button>
        }
      />
    );
  } else if (paper.isError) {
    body = <QueryError error={paper.error} onRetry={() => void paper.refetch()} title="试卷加载失败" />;
  } else if (!paper.data) {
    body = (
      <div className={styles.detailHead} aria-busy>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    const p = paper.data;
    body = (
      <>
        <header className={styles.detailHead}>
          <h1 className={styles.detailTitle}>{p.title}</h1>
          <div className={styles.paperMeta}>
            <Tag color="blue">{p.paperType}</Tag>
            {p.partial && <Tag className={styles.partialTag}>{QuestionBankMessages.partial}</Tag>}
            <span>
              {p.stage.name} · {p.subject.name}
              {p.grade ? ` · ${p.grade.name}` : ''}
            </span>
            {p.year && <span>{p.year} 年</span>}
            {p.region && <span>{p.region}</span>}
            <span>{p.questionCount} 道题</span>
            {p.totalScore > 0 && <span>满分 {p.totalScore} 分</span>}
          </div>
          {p.partial && (
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              title="本卷为节选：原卷中部分含图试题未收录，题号与分值保持原卷。"
            />
          )}
          <div className={styles.detailActions}>
            <Space align="center">
              <Switch id="show-all-answers" checked={showAll} onChange={setShowAll} />
              <label htmlFor="show-all-answers">显示全部答案解析</label>
            </Space>
            <Space wrap>
              <Button
                icon={<PrinterOutlined />}
                href={`#${paperPrintPath('paper', p.id, showAll)}`}
                target="_blank"
                rel="noopener"
              >
                打印
              </Button>
              <ExportButtons target={{ kind: 'paper', id: p.id, title: p.title }} />
            </Space>
          </div>
        </header>
        <PaperSections sections={p.sections} showAll={showAll} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <DigitalResourcesNav />
      <div className={styles.container}>
        <Breadcrumb
          style={{ marginTop: 16 }}
          items={[
            {
              title: (
                <Link className={styles.crumbLink} to={paths.paperCenter}>
                  试卷中心
                </Link>
              ),
            },
            { title: paper.data?.title ?? '试卷' },
          ]}
        />
        {body}
      </div>
    </div>
  );
}
