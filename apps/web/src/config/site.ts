/**
 * Site configuration: platform name, organisers, contact and filing numbers shown by the header
 * and footer (docs/product.md §2, Footer). Values are configuration, not code: change them here.
 */
import { PLATFORM_NAME } from '@eav/contract';

export const site = {
  platformName: PLATFORM_NAME,
  shortName: '之江数字教材',
  slogan: '数字教材 · 同步资源 · 网络学习 · 教师研修',
  /** External site of the anti-epidemic study-aid zone (opens in a new tab). */
  studyAidUrl: 'https://www.zjer.cn/',
  organisers: {
    guidance: '浙江省教育厅',
    host: '浙江省教育技术中心',
    implementer: `${PLATFORM_NAME}运营中心`,
  },
  contact: {
    weekdays: '工作日 9:00-21:00',
    weekends: '周末 9:00-22:00',
    hotline: '400-800-1234',
    email: 'support@zjdt.edu.cn',
  },
  filing: {
    copyright: `© 2026 ${PLATFORM_NAME} 版权所有`,
    police: '浙公网安备 33010602000001号',
    icp: '浙ICP备20260001号-1',
    publication: ['网络出版服务许可证 （总）网出证（浙）字第001号', '出版物经营许可证 新出发浙批字第0001号'],
  },
} as const;
