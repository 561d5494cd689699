/**
 * Plain values of the resource vocabulary for the pages. They mirror the contract's tables
 * (`packages/contract/src/schemas/resources.ts`; the `satisfies` checks keep them complete), kept
 * here so that H5 pages do not load the schema module and zod with it (docs/ARCHITECTURE.md, Web bundle).
 */
import type { PreviewKind, ResourceFormat, ResourceStatus, ResourceType } from '@eav/contract';

export const TYPE_ORDER = [
  'courseware',
  'lesson_plan',
  'study_guide',
  'exercise',
  'paper',
  'micro_lesson',
  'audio',
  'material',
] as const satisfies readonly ResourceType[];

export const TYPE_LABELS = {
  courseware: '课件',
  lesson_plan: '教案',
  study_guide: '学案',
  exercise: '同步练习',
  paper: '试卷',
  micro_lesson: '微课',
  audio: '音频',
  material: '素材',
} as const satisfies Record<ResourceType, string>;

export const FORMAT_LABELS = {
  pdf: 'PDF',
  docx: 'Word',
  pptx: 'PPT',
  xlsx: 'Excel',
  mp4: '视频',
  mp3: '音频',
  png: '图片',
  jpg: '图片',
} as const satisfies Record<ResourceFormat, string>;

export const STATUS_LABELS = {
  pending: '待审核',
  published: '已发布',
  rejected: '未通过',
} as const satisfies Record<ResourceStatus, string>;

/** Colour of each format's badge (text on white passes 4.5:1). */
export const FORMAT_COLORS = {
  pdf: '#c8372d',
  docx: '#1f5fbf',
  pptx: '#b7472a',
  xlsx: '#1d6f42',
  mp4: '#6b3fb8',
  mp3: '#0f7b6c',
  png: '#8a5a00',
  jpg: '#8a5a00',
} as const satisfies Record<ResourceFormat, string>;

/** What the preview page can show in the browser. */
export const PREVIEW_LABELS = {
  pdf: '在线阅读',
  image: '查看图片',
  audio: '在线播放',
  video: '在线播放',
  docx: '在线预览',
  none: '下载后查看',
} as const satisfies Record<PreviewKind, string>;

export function isResourceType(v: string | null | undefined): v is ResourceType {
  return !!v && (TYPE_ORDER as readonly string[]).includes(v);
}
