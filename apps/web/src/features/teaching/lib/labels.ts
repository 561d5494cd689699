/**
 * Chinese labels and constants of the teaching area kept here as plain values, so pages do not
 * load the contract's schema module (and zod) for a label (docs/ARCHITECTURE.md, web bundle). They
 * equal the contract's (checked by labels.test.ts).
 */
import type {
  AnswerVisibility,
  AssignmentKind,
  AssignmentState,
  JoinMode,
  MemberStatus,
  SubmissionStatus,
} from '@eav/contract';

export const JOIN_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const JOIN_CODE_LENGTH = 6;

export const JOIN_MODE_LABELS: Record<JoinMode, string> = { auto: '凭邀请码直接加入', approve: '需教师审核' };
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = { pending: '待审核', active: '已加入' };
export const ASSIGNMENT_KIND_LABELS: Record<AssignmentKind, string> = {
  reading: '阅读',
  homework: '作业',
  resource: '学习资源',
};
export const ANSWER_VISIBILITY_LABELS: Record<AnswerVisibility, string> = {
  afterSubmit: '提交后公布答案',
  afterDue: '截止后公布答案',
};
export const ASSIGNMENT_STATE_LABELS: Record<AssignmentState, string> = {
  scheduled: '待发布',
  open: '进行中',
  pastDue: '已截止',
};
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  notStarted: '未开始',
  inProgress: '作答中',
  submitted: '已提交',
  returned: '待订正',
  graded: '已批改',
};
/** Tag colours of the statuses (antd and antd-mobile both take these names or hex values). */
export const SUBMISSION_STATUS_COLORS: Record<SubmissionStatus, string> = {
  notStarted: '#5c6370',
  inProgress: '#1459e0',
  submitted: '#b25f00',
  returned: '#c4161c',
  graded: '#0f7b3f',
};
