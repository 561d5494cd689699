/** What 智慧教学 offers, for visitors, with a login prompt. */
import { Button } from 'antd';
import { BookOutlined, CheckCircleOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import { loginPath, paths } from '@/config/paths';
import { navigate } from '@/lib/navigation';
import styles from './desktop.module.css';

const FEATURES = [
  {
    icon: <TeamOutlined />,
    title: '班级管理',
    text: '教师创建班级，学生凭 6 位邀请码或扫码加入，可审核、移出、归档。',
  },
  {
    icon: <BookOutlined />,
    title: '布置作业',
    text: '按教材章节布置阅读，按知识点或章节从题库选题，或直接布置整套试卷。',
  },
  {
    icon: <CheckCircleOutlined />,
    title: '在线作答',
    text: '电脑和手机都能作答，选择题即时判分，填空题自动比对，主观题拍照上传。',
  },
  {
    icon: <LineChartOutlined />,
    title: '学情报告',
    text: '按学生、按题目统计正确率、常见错误选项和用时，成绩一键导出 Excel。',
  },
];

export function VisitorIntro() {
  return (
    <section className={styles.card} aria-labelledby="wt-intro">
      <div className={styles.cardHead}>
        <h2 id="wt-intro" className={styles.cardTitle}>
          教师和学生的日常教学空间
        </h2>
        <Button type="primary" size="large" onClick={() => navigate(loginPath('login', paths.wisdomTeaching))}>
          登录后使用
        </Button>
      </div>
      <ul className={styles.features}>
        {FEATURES.map((f) => (
          <li key={f.title}>
            <span style={{ fontSize: 24, color: 'var(--eav-primary)' }} aria-hidden>
              {f.icon}
            </span>
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
      <p className={styles.muted} style={{ marginTop: 16 }}>
        作业与学生自己的教材版本、章节对应；错题自动收入错题本，可以反复重做。
      </p>
    </section>
  );
}
