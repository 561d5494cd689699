/**
 * `/mobileH5/prize[?activityCode=]`: the reading activity on the H5 site (docs/prize.md), antd-mobile
 * only. Logged-out visitors see everything and a prompt to log in and join.
 */
import type { CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { ActivityContent } from '@/features/prize/components/activity-content';
import { usePrizeActivity } from '@/features/prize/hooks/use-prize-activity';
import { PRIZE_TEXT } from '@/features/prize/lib/messages';
import styles from '@/features/prize/components/prize.module.css';

export default function MobilePrizeRoute() {
  const navigate = useNavigate();
  const { query, activity, badLink } = usePrizeActivity();
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.home));
  const login = () => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`);
  const notFound = badLink || (query.error instanceof ApiError && query.error.status === 404);

  return (
    <div className={styles.h5Page}>
      {/* A bar of its own: antd-mobile's NavBar back button has no name screen readers can read. */}
      <div className={styles.h5Nav}>
        <button type="button" className={styles.h5Back} onClick={back} aria-label="返回">
          <LeftOutline aria-hidden />
        </button>
        <span className={styles.h5NavTitle}>有奖阅读</span>
      </div>
      {notFound || (query.isSuccess && !activity) ? (
        <ErrorBlock
          status="empty"
          title={
            <h1 style={{ fontSize: 17, margin: 0 }}>
              {notFound ? PRIZE_TEXT.activityNotFound : PRIZE_TEXT.noActivity}
            </h1>
          }
          description="敬请关注后续的阅读活动，先去书城看看吧"
        >
          <Button color="primary" className={styles.h5Primary} onClick={() => navigate(paths.mobile.textbook)}>
            去书城
          </Button>
        </ErrorBlock>
      ) : query.isError ? (
        <ErrorBlock
          status="disconnected"
          title={<h1 style={{ fontSize: 17, margin: 0 }}>活动加载失败</h1>}
          description={errorMessage(query.error)}
        >
          <Button color="primary" className={styles.h5Primary} onClick={() => void query.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : !activity ? (
        <div className={styles.h5Stack} aria-busy="true" aria-label="活动加载中">
          <Skeleton animated style={{ '--height': '150px', '--border-radius': '12px' } as CSSProperties} />
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
      ) : (
        <ActivityContent
          activity={activity}
          layout="h5"
          readHref={(id) => `${paths.mobile.pdf}?id=${id}`}
          loginPrompt={
            <div className={styles.joinPrompt} data-testid="join-prompt">
              <span>{PRIZE_TEXT.loginToJoin}，阅读计时、积分排名和抽奖都在这里</span>
              <Button
                size="small"
                color="primary"
                className={`${styles.h5Primary} ${styles.joinButton}`}
                onClick={login}
              >
                登录
              </Button>
            </div>
          }
          renderDrawButton={({ label, disabled, loading, onClick }) => (
            <Button
              block
              color="warning"
              className={styles.h5Draw}
              disabled={disabled}
              loading={loading}
              onClick={onClick}
              data-testid="draw-button"
            >
              {label}
            </Button>
          )}
        />
      )}
    </div>
  );
}
