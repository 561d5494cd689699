/**
 * Profile page body: a summary card (avatar, name, identity, phone), a completion hint
 * when fields are missing, and the profile as a list with an edit mode. Loading, error and
 * retry states included.
 */
import { maskPhone } from '@eav/contract';
import { Alert, Button, Descriptions, Result, Skeleton, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProfile } from '@/api/profile';
import { paths } from '@/config/paths';
import { useCompleted } from '../api/get-completed';
import { ProfileForm } from './profile-form';
import { UserAvatar } from './user-avatar';
import styles from './user.module.css';
import { beijingFormat } from '@/lib/beijing-format';

const FIELD_LABELS: Record<string, string> = {
  realName: '真实姓名',
  school: '学校',
  region: '地区',
  stageId: '学段',
  gradeId: '年级',
  subjectId: '任教学科',
};

function shownPhone(phone: string | null): string {
  return phone ? maskPhone(phone) : '未绑定';
}

function Empty({ children }: { children: string | null | undefined }) {
  return children ? <>{children}</> : <span style={{ color: 'var(--eav-subtle)' }}>未填写</span>;
}

export function ProfileView({ userId }: { userId: number }) {
  const query = useProfile(userId);
  // The server names the missing fields (`GET /users/{id}/completed`), so the hint matches its rule.
  const completion = useCompleted(userId);
  const [editing, setEditing] = useState(false);

  if (query.isPending) {
    return (
      <div className={styles.card} aria-busy="true">
        <Skeleton avatar={{ size: 72 }} active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.card}>
        <Result
          status="warning"
          title="个人资料加载失败"
          subTitle={query.error instanceof Error ? query.error.message : '请稍后重试'}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              重新加载
            </Button>
          }
        />
      </div>
    );
  }

  const p = query.data;
  const missing = completion.data?.missing ?? [];
  const teacher = p.identity === 'teacher';

  return (
    <>
      <section className={styles.card} aria-label="账号概览">
        <div className={styles.hero}>
          <Link to={paths.userAvatar} title="修改头像">
            <UserAvatar src={p.avatar} size={72} />
          </Link>
          <div>
            <h2 className={styles.heroName}>
              <span data-testid="profile-user-name">{p.userName}</span>
              <Tag color={teacher ? 'orange' : 'blue'}>{teacher ? '教师' : '学生'}</Tag>
              {p.completed ? <Tag color="success">资料已完善</Tag> : <Tag>资料待完善</Tag>}
            </h2>
            <div className={styles.heroMeta}>
              <span>手机号：{shownPhone(p.phone)}</span>
              <span>注册时间：{beijingFormat(p.createdAt, 'YYYY/M/D')}</span>
            </div>
          </div>
        </div>
      </section>

      {!p.completed && !editing && (
        <Alert
          type="info"
          showIcon
          title="完善个人资料，获取更精准的教材与资源推荐"
          description={missing.length ? `待填写：${missing.map((f) => FIELD_LABELS[f] ?? f).join('、')}` : undefined}
          action={
            <Button type="primary" size="small" onClick={() => setEditing(true)}>
              立即完善
            </Button>
          }
        />
      )}

      <section className={styles.card} aria-label="基本资料">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>{editing ? '编辑资料' : '基本资料'}</h2>
          {!editing && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              编辑资料
            </Button>
          )}
        </div>
        {editing ? (
          <ProfileForm profile={p} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
        ) : (
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            colon={false}
            styles={{ label: { color: '#646a73', width: 96 } }}
          >
            <Descriptions.Item label="用户名">{p.userName}</Descriptions.Item>
            <Descriptions.Item label="身份">{teacher ? '教师' : '学生'}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">
              <Empty>{p.realName}</Empty>
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{shownPhone(p.phone)}</Descriptions.Item>
            <Descriptions.Item label="所在地区">
              <Empty>{p.region}</Empty>
            </Descriptions.Item>
            <Descriptions.Item label="学校">
              <Empty>{p.school}</Empty>
            </Descriptions.Item>
            <Descriptions.Item label="学段">
              <Empty>{p.stageName}</Empty>
            </Descriptions.Item>
            <Descriptions.Item label={teacher ? '任教年级' : '年级'}>
              <Empty>{p.gradeName}</Empty>
            </Descriptions.Item>
            {teacher && (
              <Descriptions.Item label="任教学科">
                <Empty>{p.subjectName}</Empty>
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
      </section>
    </>
  );
}
