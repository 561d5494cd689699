/**
 * The prize groups as published with the rules (quantity left, chance from the weights, the
 * fallback prize) and the draw area; the page supplies its draw button (`drawAction`).
 */
import type { ReactNode } from 'react';
import { usePrizeGroups } from '../api/get-prize-groups';
import { chance, prizesLeft } from '../lib/format';
import { PrizeSection, SectionState } from './section';
import styles from './prize.module.css';

export function PrizeGroups({ code, drawAction }: { code: string; drawAction: ReactNode }) {
  const groups = usePrizeGroups(code);
  const data = groups.data;
  return (
    <PrizeSection
      id="prize-groups"
      title="积分抽奖"
      note={data ? `每次 ${data.drawCost} 积分 · 剩余奖品 ${prizesLeft(data.groups)} 件` : undefined}
      testId="prize-groups"
    >
      <SectionState
        pending={groups.isPending}
        error={groups.error}
        empty={data?.groups.length === 0}
        emptyText="本次活动暂无奖品"
        onRetry={() => void groups.refetch()}
      />
      {!!data?.groups.length && (
        <ul className={styles.groups}>
          {data.groups.map((g) => (
            <li key={g.id} className={styles.group} data-testid="prize-group">
              <span className={styles.groupName}>{g.name}</span>
              <span className={styles.groupMeta}>
                {g.fallback ? '参与奖：所抽奖项已抽完时发放' : `剩余 ${g.left} / ${g.quantity}`}
              </span>
              <span className={styles.groupMeta}>概率 {chance(g.weight, data.totalWeight)}</span>
            </li>
          ))}
        </ul>
      )}
      {data && drawAction}
    </PrizeSection>
  );
}
