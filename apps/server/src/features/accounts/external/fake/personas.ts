/**
 * The people the fake providers log in (docs/demo-accounts.md, Personas). Fixed ids, so that the
 * demo seed can bind one of them to the demo student and tests can name them.
 */

export interface WechatPersona {
  key: string;
  nickname: string;
  openid: string;
  unionid: string;
  note: string;
}

export interface CasPersona {
  key: string;
  /** CAS user (之江汇 account or 教育魔方 cubeAccountId). */
  user: string;
  name: string;
  role: 'student' | 'teacher';
  personId?: string;
  zsVerified?: boolean;
  note: string;
}

export const WECHAT_PERSONAS: readonly WechatPersona[] = [
  {
    key: 'wx-bound',
    nickname: '小明（已绑定）',
    openid: 'o_fake_openid_bound',
    unionid: 'u_fake_unionid_bound_demo_student',
    note: '已绑定演示学生账号 demo_student',
  },
  {
    key: 'wx-student',
    nickname: '小红同学',
    openid: 'o_fake_openid_student',
    unionid: 'u_fake_unionid_student',
    note: '学生，未绑定平台账号',
  },
  {
    key: 'wx-new',
    nickname: '微信新用户',
    openid: 'o_fake_openid_new',
    unionid: 'u_fake_unionid_new',
    note: '没有平台账号的微信用户',
  },
];

export const ZJER_PERSONAS: readonly CasPersona[] = [
  {
    key: 'zjer-teacher',
    user: 'zjer_teacher_wang',
    name: '王老师',
    role: 'teacher',
    personId: 'P330100000123',
    note: '之江汇教师，带 personId',
  },
  {
    key: 'zjer-verified',
    user: 'zjer_teacher_li',
    name: '李老师',
    role: 'teacher',
    zsVerified: true,
    note: '之江汇教师，已实名认证（zsVerified）',
  },
  { key: 'zjer-student', user: 'zjer_student_chen', name: '陈同学', role: 'student', note: '之江汇学生' },
];

export const EDUCUBE_PERSONAS: readonly CasPersona[] = [
  { key: 'cube-student', user: 'cube_10001', name: '魔方学生', role: 'student', note: '教育魔方学生，未绑定平台账号' },
  { key: 'cube-teacher', user: 'cube_20001', name: '魔方老师', role: 'teacher', note: '教育魔方教师，未绑定平台账号' },
];

/** The WeChat persona the demo seed binds to the demo student (phone 13800000001). */
export const BOUND_WECHAT_PERSONA = WECHAT_PERSONAS[0]!;

/** Demo identities of the fake WeChat: the website and the Official-Account apps, and their secrets. */
export const FAKE_WECHAT_APPS = {
  web: { appId: 'wxfakeweb00000001', secret: 'fake-web-secret' },
  h5: { appId: 'wxfakemp000000001', secret: 'fake-mp-secret' },
} as const;
