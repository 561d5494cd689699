/**
 * 建设中: the designed placeholder for areas that later work builds, inside the real shell. The
 * area name comes from the route's `handle.title`; what is coming is described per route below.
 */
import { useLocation, useMatches } from 'react-router';
import { StatusPage } from '@/components/ui/status-page';
import { isMobileRoute, paths } from '@/config/paths';

/** What each area will offer (shown as a short list). Routes not listed get the generic text. */
const PLANS: Record<string, readonly string[]> = {
  [paths.digitalBook]: ['按学段、学科、年级、版本筛选全部教材', '在线阅读与激活码激活', '教材配套资源一键获取'],
  [paths.videoResource]: ['与教材章节同步的音视频课程', '名师讲解与重难点精讲', '学习进度自动记录'],
  [paths.syncMaterial]: ['按教材目录组织的课件、教案与微课', '资源预览与下载', '按学科、版本快速检索'],
  [paths.paperCenter]: ['单元测试、期中期末与模拟试卷', '试卷在线预览与下载', '按年级、学科分类浏览'],
  [paths.cloudBase]: ['按知识点与难度检索试题', '题目解析与答案', '一键组卷'],
  [paths.teachersTraining]: ['面向全省教师的培训课程', '教研活动与研修社区', '研修学时记录'],
  [paths.smartPublishing]: ['数字教材出版流程管理', '融合出版与版权服务', '出版资源协同'],
  [paths.help]: ['常见问题与操作指南', '激活、下载与阅读帮助', '在线客服与意见反馈'],
};

export default function ComingSoonRoute() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  const title = handle?.title ?? '该栏目';
  const plan = PLANS[pathname];
  const mobile = isMobileRoute(pathname);
  return (
    <StatusPage
      kind="building"
      badge="建设中"
      title={title}
      text={`「${title}」栏目正在建设中，即将与您见面。现在可以先去看看数字教材。`}
      links={[{ to: mobile ? paths.mobile.textbook : paths.digitalBook, label: '浏览数字教材' }]}
    >
      {plan && (
        <ul className="eav-status__plan" aria-label="即将上线">
          {plan.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </StatusPage>
  );
}
