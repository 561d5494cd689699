/**
 * Everything the activity page shows, for the H5 and the desktop page alike (docs/prize.md): banner
 * and countdown, my reading today, recommended books, rules, prize groups and the draw, my prizes
 * and the ranking. Plain markup only; each page passes what needs its own UI library: the login
 * prompt, the draw button and the reader link of its site.
 */
import type { ReactNode } from 'react';
import { useSession } from '@/stores/session';
import type { ActivityView } from '../api/get-activity';
import { useIntegral } from '../api/get-integral';
import { usePrizeGroups } from '../api/get-prize-groups';
import { useActivityCountdown } from '../hooks/use-activity-countdown';
import { useDraw } from '../hooks/use-draw';
import { drawBlocker } from '../lib/draw-state';
import { ActivityHero } from './activity-hero';
import { ActivityRules } from './activity-rules';
import { DrawDialog } from './draw-dialog';
import { MyPrizes } from './my-prizes';
import { MyProgress } from './my-progress';
import { PrizeGroups } from './prize-groups';
import { Ranking } from './ranking';
import { RecommendedBooks } from './recommended-books';
import styles from './prize.module.css';

export interface DrawButtonProps {
  label: string;
  disabled: boolean;
  loading: boolean;
  onClick: () => void;
}

interface Props {
  activity: ActivityView;
  layout: 'h5' | 'desktop';
  readHref: (bookId: number) => string;
  loginPrompt: ReactNode;
  renderDrawButton: (props: DrawButtonProps) => ReactNode;
}

export function ActivityContent({ activity, layout, readHref, loginPrompt, renderDrawButton }: Props) {
  const code = activity.activityCode;
  const userId = useSession((s) => s.user?.userId ?? null);
  const { parts, phase } = useActivityCountdown(activity);
  const integral = useIntegral(userId, code);
  const groups = usePrizeGroups(code);
  const { view, draw, close, busy } = useDraw(code);
  const drawCost = groups.data?.drawCost ?? activity.drawCost;
  const blocker = drawBlocker({
    loggedIn: !!userId,
    phase,
    available: integral.data?.available,
    drawCost,
    drawsLeft: groups.data?.myDrawsLeft,
  });

  const drawArea = (
    <div className={styles.drawBar}>
      {userId
        ? renderDrawButton({
            label: `抽一次（${drawCost} 积分）`,
            disabled: !!blocker || busy || !integral.data,
            loading: busy,
            onClick: () => void draw(),
          })
        : null}
      <span className={styles.drawHint} data-testid="draw-hint">
        {blocker ??
          `可用 ${integral.data?.available ?? 0} 积分${groups.data?.myDrawsLeft != null ? `，还可中奖 ${groups.data.myDrawsLeft} 次` : ''}`}
      </span>
    </div>
  );

  const hero = <ActivityHero activity={activity} parts={parts} phase={phase} />;
  const mine = <MyProgress activity={activity} loginPrompt={loginPrompt} />;
  const books = <RecommendedBooks code={code} readHref={readHref} />;
  const rules = <ActivityRules activity={activity} />;
  const prizes = <PrizeGroups code={code} drawAction={drawArea} />;
  const myPrizes = <MyPrizes code={code} />;
  const ranking = <Ranking code={code} />;

  return (
    <>
      {layout === 'h5' ? (
        <div className={styles.h5Stack}>
          {hero}
          {mine}
          {books}
          {prizes}
          {myPrizes}
          {ranking}
          {rules}
        </div>
      ) : (
        <div className={`${styles.column} ${styles.desktopPage}`}>
          {hero}
          <div className={styles.desktop}>
            <div className={styles.column}>
              {mine}
              {books}
              {rules}
            </div>
            <div className={styles.column}>
              {prizes}
              {myPrizes}
              {ranking}
            </div>
          </div>
        </div>
      )}
      <DrawDialog view={view} onClose={close} />
    </>
  );
}
