/**
 * `/bigData` (大数据中心): what the platform holds and what its users do, from
 * `GET /api/v1/bigdata/overview` (docs/big-data.md), refreshed every minute without reloading. A
 * logged-in operator (role admin) sees the operators' figures (nothing withheld) and may switch to
 * the public view. Each
 * chart is an image with a name, and its numbers are listed as text for screen readers; a count of
 * fewer people than the threshold reads 不公开.
 */
import type { BigDataCount, BigDataOverview } from '@eav/contract';
import { Alert, Button, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSession } from '@/stores/session';
import { useBigDataOverview, type OverviewView } from '../api/get-overview';
import styles from './big-data.module.css';
import { beijingFormat } from '@/lib/beijing-format';

const BarChart = lazy(() => import('@/components/charts/bar-chart').then((m) => ({ default: m.BarChart })));
const DayChart = lazy(() => import('@/components/charts/day-chart').then((m) => ({ default: m.DayChart })));

const WITHHELD = '不公开';
const fmt = (n: number | null) => (n == null ? WITHHELD : n.toLocaleString('zh-CN'));

function Card({ title, note, children, wide }: { title: string; note?: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? `${styles.card} ${styles.wide}` : styles.card} aria-label={title}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {note && <p className={styles.note}>{note}</p>}
      {children}
    </section>
  );
}

/** The numbers of a chart as text (screen readers; the chart itself is one image). */
function Figures({ rows, unit }: { rows: { name: string; value: number | null }[]; unit: string }) {
  return (
    <ul className="eav-visually-hidden">
      {rows.map((r) => (
        <li key={r.name}>
          {r.name}：{fmt(r.value)}
          {r.value == null ? '' : ` ${unit}`}
        </li>
      ))}
    </ul>
  );
}

function Bars({ list, unit, label }: { list: BigDataCount[]; unit: string; label: string }) {
  if (list.length === 0) return <p className={styles.empty}>暂无数据</p>;
  return (
    <>
      <Suspense fallback={<Skeleton.Node active className={styles.chartSkeleton} />}>
        <BarChart
          ratio={false}
          label={label}
          bars={list.map((c) => ({ label: c.name, value: c.count, text: c.count == null ? WITHHELD : fmt(c.count) }))}
        />
      </Suspense>
      <Figures rows={list.map((c) => ({ name: c.name, value: c.count }))} unit={unit} />
    </>
  );
}

function Days({ days, unit, label }: { days: BigDataOverview['activationsByDay']; unit: string; label: string }) {
  return (
    <>
      <Suspense fallback={<Skeleton.Node active className={styles.chartSkeleton} />}>
        <DayChart days={days} unit={unit} label={label} />
      </Suspense>
      <Figures rows={days.map((d) => ({ name: d.day, value: d.value }))} unit={unit} />
    </>
  );
}

const TOTALS: { key: keyof BigDataOverview['totals']; label: string; unit: string }[] = [
  { key: 'textbooks', label: '数字教材', unit: '册' },
  { key: 'editions', label: '教材版本', unit: '个' },
  { key: 'videos', label: '音视频课程', unit: '节' },
  { key: 'questions', label: '题库试题', unit: '道' },
  { key: 'papers', label: '试卷', unit: '套' },
  { key: 'resources', label: '同步资源', unit: '个' },
  { key: 'users', label: '注册用户', unit: '人' },
  { key: 'activations', label: '教材激活', unit: '次' },
  { key: 'readingMinutes', label: '活动阅读时长', unit: '分钟' },
];

/** Role whose holders may read the operators' figures (the server checks it again). */
const OPERATOR_ROLE = 'admin';

export function BigDataCentre() {
  const operator = useSession((s) => !!s.user?.roles?.includes(OPERATOR_ROLE));
  const [chosen, setChosen] = useState<OverviewView>('operator');
  const view: OverviewView = operator ? chosen : 'public';
  const { data, isPending, isError, refetch, dataUpdatedAt } = useBigDataOverview(view);
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>大数据中心</h1>
          <p className={styles.heroSub}>
            教材覆盖、激活、阅读、下载与用户分布，来自平台实时数据，每分钟自动更新
            {data && (
              <span className={styles.updated} data-testid="big-data-updated">
                更新于 {beijingFormat(data.generatedAt, 'HH:mm:ss')}
              </span>
            )}
          </p>
          {operator && (
            <Segmented<OverviewView>
              className={styles.viewSwitch}
              aria-label="数据视图"
              value={view}
              onChange={setChosen}
              options={[
                { label: '运营视图（不隐藏小数字）', value: 'operator' },
                { label: '公开视图', value: 'public' },
              ]}
            />
          )}
        </div>
      </section>
      <div className={styles.container}>
        {isError && !data ? (
          <Alert
            type="error"
            showIcon
            title="数据加载失败"
            description="请检查网络后重试。"
            action={<Button onClick={() => void refetch()}>重试</Button>}
          />
        ) : isPending ? (
          <div className={styles.card}>
            <Skeleton active paragraph={{ rows: 8 }} />
          </div>
        ) : (
          <>
            <ul className={styles.totals} aria-label="平台总量" data-testid="big-data-totals">
              {TOTALS.map((t) => (
                <li key={t.key} className={styles.total} data-key={t.key}>
                  <span className={styles.totalLabel}>{t.label}</span>
                  <span className={styles.totalValue}>
                    {fmt(data.totals[t.key])}
                    {data.totals[t.key] != null && <small>{t.unit}</small>}
                  </span>
                </li>
              ))}
            </ul>
            <p className={styles.privacy} data-testid="big-data-privacy">
              {data.suppressed
                ? `为保护未成年人个人信息，涉及人数少于 ${data.suppressBelow} 人的统计显示为“${WITHHELD}”。`
                : `运营视图：显示全部数字（含少于 ${data.suppressBelow} 人的统计），仅供运营人员内部使用，请勿对外发布。`}
              {dataUpdatedAt > 0 && ' 页面保持打开即可看到最新数据。'}
            </p>
            {data.demo && (
              <p className={styles.demoNote} data-testid="big-data-demo">
                <strong>演示数据：</strong>
                本站为演示环境，激活、阅读、下载与用户分布的数字含系统生成的近 30 天演示数据，不代表真实使用情况。
              </p>
            )}
            <div className={styles.grid}>
              <Card title="近 30 天教材激活" note="每天通过激活码开通教材的次数" wide>
                <Days days={data.activationsByDay} unit="次" label="近 30 天每天的教材激活次数柱状图" />
              </Card>
              <Card title="近 30 天阅读时长" note="有奖阅读活动中按服务器时钟累计的阅读分钟数" wide>
                <Days days={data.readingMinutesByDay} unit="分钟" label="近 30 天每天的阅读分钟数柱状图" />
              </Card>
              <Card title="教材覆盖：学段">
                <Bars list={data.booksByStage} unit="册" label="各学段教材数量条形图" />
              </Card>
              <Card title="教材覆盖：学科">
                <Bars list={data.booksBySubject} unit="册" label="各学科教材数量条形图" />
              </Card>
              <Card title="教材覆盖：版本（前 10）">
                <Bars list={data.booksByEdition} unit="册" label="各版本教材数量条形图" />
              </Card>
              <Card title="阅读时长：学段" note="按所读教材的学段，单位分钟">
                <Bars list={data.readingMinutesByStage} unit="分钟" label="各学段阅读分钟数条形图" />
              </Card>
              <Card title="热门教材" note="按有阅读记录的读者人数">
                {data.topBooks.length === 0 ? (
                  <p className={styles.empty}>暂无阅读记录</p>
                ) : (
                  <ol className={styles.topBooks} data-testid="big-data-top-books">
                    {data.topBooks.map((b) => (
                      <li key={b.id}>
                        <span className={styles.bookTitle}>{b.title}</span>
                        <span className={styles.bookReaders}>
                          {b.readers == null ? WITHHELD : `${fmt(b.readers)} 人`}
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </Card>
              <Card title="资源下载：类型">
                <Bars list={data.downloadsByType} unit="次" label="各类型资源下载次数条形图" />
              </Card>
              <Card title="注册用户：浙江 11 市" note="按个人资料中的地区" wide>
                <Bars list={data.usersByCity} unit="人" label="浙江各市注册用户数条形图" />
              </Card>
              <Card title="活跃用户：浙江 11 市" note="近 30 天保存过阅读进度的用户，按个人资料中的地区" wide>
                <Bars list={data.activeUsersByCity} unit="人" label="浙江各市近 30 天活跃用户数条形图" />
              </Card>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
