/**
 * `/activity[?activityCode=]`: the reading activity in the desktop shell (docs/prize.md), the
 * page the home banner leads to. Same content as the H5 page, with antd.
 */
import { useNavigate } from 'react-router';
import { Button, Result, Skeleton } from 'antd';
import { loginPath, paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { ActivityContent } from '@/features/prize/components/activity-content';
import { usePrizeActivity } from '@/features/prize/hooks/use-prize-activity';
import { PRIZE_TEXT } from '@/features/prize/lib/messages';
import styles from '@/features/prize/components/prize.module.css';

export default function ActivityRoute() {
  const navigate = useNavigate();
  const { query, activity, badLink } = usePrizeActivity();
  const notFound = badLink || (query.error instanceof ApiError && query.error.status === 404);

  let body;
  if (notFound || (query.isSuccess && !activity)) {
    body = (
      <Result
        status="info"
        title={
          <h1 style={{ fontSize: 24, margin: 0 }}>{notFound ? PRIZE_TEXT.activityNotFound : PRIZE_TEXT.noActivity}</h1>
        }
        subTitle="敬请关注后续的阅读活动，先去看看数字教材吧。"
        extra={
          <Button type="primary" onClick={() => navigate(paths.digitalBook)}>
            浏览数字教材
          </Button>
        }
      />
    );
  } else if (query.isError) {
    body = (
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>活动加载失败</h1>}
        subTitle={errorMessage(query.error)}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  } else if (!activity) {
    body = (
      <div aria-busy="true" aria-label="活动加载中">
        <Skeleton.Node active style={{ width: '100%', height: 220 }} />
        <Skeleton active paragraph={{ rows: 6 }} style={{ marginTop: 16 }} />
      </div>
    );
  } else {
    body = (
      <ActivityContent
        activity={activity}
        layout="desktop"
        readHref={(id) => `${paths.preview}?id=${id}`}
        loginPrompt={
          <div className={styles.joinPrompt} data-testid="join-prompt">
            <span>{PRIZE_TEXT.loginToJoin}，阅读计时、积分排名和抽奖都在这里</span>
            <Button type="primary" onClick={() => navigate(loginPath('login', currentFullPath()))}>
              登录
            </Button>
          </div>
        }
        renderDrawButton={({ label, disabled, loading, onClick }) => (
          <Button
            type="primary"
            size="large"
            block
            disabled={disabled}
            loading={loading}
            onClick={onClick}
            data-testid="draw-button"
          >
            {label}
          </Button>
        )}
      />
    );
  }
  return (
    <div className={styles.desktopFrame}>
      <div className={styles.desktopInner}>{body}</div>
    </div>
  );
}
