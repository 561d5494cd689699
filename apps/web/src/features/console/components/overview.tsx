/** 概览: a few counts, and the sections the user may open. */
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useOverview } from '../api/overview';
import { consoleMenu } from '../lib/sections';
import { SectionError } from './section-error';
import { ConsolePage, consoleLayout } from '@/components/console/console-page';
import styles from './console.module.css';

export function ConsoleOverview({ sections }: { sections: string[] }) {
  const q = useOverview();
  const links = consoleMenu(sections).filter((e) => e.key !== 'overview');
  return (
    <ConsolePage title="概览">
      <div className={consoleLayout.panel}>
        {q.isPending && <Skeleton active />}
        {q.isError && <SectionError error={q.error} retry={() => void q.refetch()} />}
        {q.data && (
          <Row gutter={[16, 16]}>
            {(
              [
                ['注册用户', q.data.users],
                ['锁定中的账号', q.data.lockedUsers],
                ['激活码批次', q.data.codeBatches],
                ['已生成激活码', q.data.codesIssued],
                ['已激活激活码', q.data.codesRedeemed],
                ['今日审计记录', q.data.auditToday],
              ] as const
            ).map(([title, value]) => (
              <Col key={title} span={8}>
                <Card>
                  <Statistic title={title} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </div>
      {links.length > 0 && (
        <section className={consoleLayout.panel} aria-labelledby="shortcuts">
          <Typography.Title level={2} id="shortcuts" style={{ fontSize: 16, marginTop: 0 }}>
            常用功能
          </Typography.Title>
          <ul className={styles.shortcuts}>
            {links.map((e) => (
              <li key={e.key}>
                <Link to={e.path}>{e.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ConsolePage>
  );
}
