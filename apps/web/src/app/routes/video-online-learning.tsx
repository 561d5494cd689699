/** `/videoOnlineLearning?id=<lesson>`: play one lesson beside its textbook's lessons. */
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Result } from 'antd';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useVideo } from '@/features/learning/api/get-video';
import { LessonWorkspace } from '@/features/learning/components/lesson-workspace';
import { ActivityLessonReading } from '@/features/prize/components/activity-reading';

export default function VideoOnlineLearningRoute() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(search.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const video = useVideo(valid ? id : undefined);

  if (!valid || video.isError) {
    return (
      <Result
        status={video.error instanceof ApiError && video.error.status !== 404 ? 'warning' : '404'}
        title={video.error instanceof ApiError && video.error.status !== 404 ? '课程加载失败' : '没有找到这节课程'}
        subTitle={video.error instanceof ApiError ? video.error.msg : '链接中的课程编号不正确，课程可能已下架。'}
        extra={
          <Button type="primary" onClick={() => navigate(paths.videoResource)}>
            浏览全部课程
          </Button>
        }
      />
    );
  }
  return (
    <>
      {/* A playing lesson of a recommended book counts for the running activity (docs/prize.md). */}
      <ActivityLessonReading textbookId={video.data?.textbookId} />
      <LessonWorkspace
        mode="lesson"
        textbookId={video.data?.textbookId}
        videoId={id}
        lesson={video.data}
        onSelect={(v) => setSearch({ id: String(v) })}
      />
    </>
  );
}
