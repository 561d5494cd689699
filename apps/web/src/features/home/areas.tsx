/**
 * The areas of the portal (docs/product.md §1) as the home page's entry cards, desktop and H5.
 * Each entry links to the route of docs/product.md §2 that serves it.
 */
import {
  AppstoreAddOutlined,
  BarChartOutlined,
  BookOutlined,
  BulbOutlined,
  CloudServerOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GiftOutlined,
  KeyOutlined,
  PlayCircleOutlined,
  ReadOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';

export interface AreaEntry {
  key: string;
  title: string;
  description: string;
  to: string;
  icon: ReactNode;
  /** Tile colour (icon background gradient start/end). */
  tone: readonly [string, string];
}

/** Desktop entry cards: every area of the portal, in menu order. */
export const DESKTOP_AREAS: readonly AreaEntry[] = [
  {
    key: 'digitalBook',
    title: '数字教材',
    description: '全学段主流版本教材，在线阅读，激活即用',
    to: paths.digitalBook,
    icon: <ReadOutlined />,
    tone: ['#3b82ff', '#1664ff'],
  },
  {
    key: 'videoResource',
    title: '网络学习',
    description: '与教材章节同步的名师音视频课程',
    to: paths.videoResource,
    icon: <PlayCircleOutlined />,
    tone: ['#22c1a6', '#0e9f8a'],
  },
  {
    key: 'syncMaterial',
    title: '同步资源',
    description: '按章节组织的课件、教案与微课',
    to: paths.syncMaterial,
    icon: <FolderOpenOutlined />,
    tone: ['#ffae4d', '#ff7a1a'],
  },
  {
    key: 'paperCenter',
    title: '试卷中心',
    // What the paper centre holds: the bundled papers are 高考真题 (data/papers-gaokao-bench.jsonl).
    description: '历年高考真题试卷，在线查看与打印',
    to: paths.paperCenter,
    icon: <FileTextOutlined />,
    tone: ['#8b7bff', '#6246ea'],
  },
  {
    key: 'cloudBase',
    title: '云题库',
    description: '按知识点检索的优质试题资源',
    to: paths.cloudBase,
    icon: <CloudServerOutlined />,
    tone: ['#4fb6ff', '#1a8cff'],
  },
  {
    key: 'wisdomTeaching',
    title: '智慧教学',
    description: '备课、授课、作业与学情一体化',
    to: paths.wisdomTeaching,
    icon: <BulbOutlined />,
    tone: ['#ff8fa3', '#f5476a'],
  },
  {
    key: 'teachersTraining',
    title: '智慧研修',
    description: '面向全省教师的培训与教研活动',
    to: paths.teachersTraining,
    icon: <TeamOutlined />,
    tone: ['#5ed17a', '#27a54a'],
  },
  {
    key: 'smartPublishing',
    title: '智慧出版',
    description: '数字出版流程与融合出版服务',
    to: paths.smartPublishing,
    icon: <BookOutlined />,
    tone: ['#c08bff', '#9254de'],
  },
  {
    key: 'bigData',
    title: '大数据中心',
    description: '教材使用与教学应用数据看板',
    to: paths.bigData,
    icon: <BarChartOutlined />,
    tone: ['#5d8bff', '#2f54eb'],
  },
];

/** H5 entry grid: the areas that have an H5 page. */
export const H5_AREAS: readonly AreaEntry[] = [
  {
    key: 'textbook',
    title: '数字教材',
    description: '教材书城',
    to: paths.mobile.textbook,
    icon: <ReadOutlined />,
    tone: ['#3b82ff', '#1664ff'],
  },
  {
    key: 'networkLearning',
    title: '网络学习',
    description: '同步课程',
    to: paths.mobile.networkLearning,
    icon: <PlayCircleOutlined />,
    tone: ['#22c1a6', '#0e9f8a'],
  },
  {
    key: 'activation',
    title: '激活教材',
    description: '激活码',
    to: paths.mobile.activation,
    icon: <KeyOutlined />,
    tone: ['#ffae4d', '#ff7a1a'],
  },
  {
    key: 'downloadZone',
    title: '下载专区',
    description: '资源下载',
    to: paths.mobile.downloadZone,
    icon: <DownloadOutlined />,
    tone: ['#4fb6ff', '#1a8cff'],
  },
  {
    key: 'prize',
    title: '有奖活动',
    description: '读书活动',
    to: paths.mobile.prize,
    icon: <GiftOutlined />,
    tone: ['#ff8fa3', '#f5476a'],
  },
  {
    key: 'browse',
    title: '浏览记录',
    description: '最近阅读',
    to: paths.mobile.history,
    icon: <AppstoreAddOutlined />,
    tone: ['#8b7bff', '#6246ea'],
  },
  {
    key: 'userCenter',
    title: '个人中心',
    description: '我的账号',
    to: paths.mobile.userCenter,
    icon: <UserOutlined />,
    tone: ['#5ed17a', '#27a54a'],
  },
  {
    key: 'contactUs',
    title: '联系我们',
    description: '客服帮助',
    to: paths.mobile.contactUs,
    icon: <CustomerServiceOutlined />,
    tone: ['#5d8bff', '#2f54eb'],
  },
];

/** H5 home's 同步课程 entries: the network-learning lessons of each 学段. */
export const H5_COURSES: readonly AreaEntry[] = [
  {
    key: 'course3',
    title: '小学课程',
    description: '一至六年级',
    to: paths.mobile.course3,
    icon: <PlayCircleOutlined />,
    tone: ['#ffae4d', '#ff7a1a'],
  },
  {
    key: 'course4',
    title: '初中课程',
    description: '七至九年级',
    to: paths.mobile.course4,
    icon: <PlayCircleOutlined />,
    tone: ['#22c1a6', '#0e9f8a'],
  },
  {
    key: 'course5',
    title: '高中课程',
    description: '必修与选修',
    to: paths.mobile.course5,
    icon: <PlayCircleOutlined />,
    tone: ['#3b82ff', '#1664ff'],
  },
];

/** Desktop banner links (`#/digitalBook`) mapped to their H5 page, for the H5 carousel. */
const H5_EQUIVALENT: Record<string, string> = {
  [paths.digitalBook]: paths.mobile.textbook,
  [paths.videoResource]: paths.mobile.networkLearning,
  [paths.videoOnlineLearning]: paths.mobile.networkLearning,
  [paths.myBook]: paths.mobile.textbook,
  [paths.user]: paths.mobile.userCenter,
};

/** The H5 page for a desktop route, or null when the area has no H5 page. H5 routes pass through. */
export function h5RouteFor(route: string): string | null {
  if (route.startsWith(paths.mobile.root)) return route;
  return H5_EQUIVALENT[route.split('?')[0] ?? ''] ?? null;
}
