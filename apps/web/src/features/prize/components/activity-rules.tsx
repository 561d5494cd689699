/** The activity rules (Markdown from the operators, rendered without raw HTML). */
import { LazyRichText } from '@/components/rich-text';
import type { ActivityView } from '../api/get-activity';
import { readingMinutes } from '../lib/format';
import { PrizeSection } from './section';
import styles from './prize.module.css';

export function ActivityRules({ activity }: { activity: ActivityView }) {
  const tasks = activity.taskPoints;
  return (
    <PrizeSection id="prize-rules" title="活动规则" testId="activity-rules">
      <LazyRichText source={activity.rules} />
      <h3 className={styles.rulesFacts}>本活动规则要点</h3>
      <ul className={styles.muted} data-testid="activity-point-rules">
        <li>
          阅读推荐教材每满 1 分钟得 {activity.pointsPerMinute} 积分，每天最多计{' '}
          {readingMinutes(activity.dailyCapSeconds)} 分钟，单本每天最多 {readingMinutes(activity.perBookCapSeconds)}{' '}
          分钟。
        </li>
        {tasks.activation > 0 && <li>首次激活推荐教材得 {tasks.activation} 积分。</li>}
        {tasks.finishBook > 0 && <li>读完一本推荐教材得 {tasks.finishBook} 积分。</li>}
        <li>
          每次抽奖消耗 {activity.drawCost} 积分，每人最多中奖 {activity.perUserPrizeLimit} 次。
        </li>
      </ul>
    </PrizeSection>
  );
}
