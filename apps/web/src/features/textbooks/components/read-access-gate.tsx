/**
 * Shown by the reader instead of the book when the user may not read it (docs/api.md, Reader: the
 * page says how to get access): log in, activate with a code, or no electronic edition yet.
 * After a successful activation the textbook queries refresh and the reader opens by itself.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { KeyOutlined, LockOutlined, StopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { TextbookDetail } from '@eav/contract';
import { loginPath, paths } from '@/config/paths';
import { currentFullPath } from '@/lib/navigation';
import type { ReadAction } from '../lib/access';
import { ActivationDialog } from './activation-dialog';
import { CoverImage } from './cover-image';
import { detailHref } from './textbook-card';
import styles from './textbooks.module.css';

export function ReadAccessGate({ book, action }: { book: TextbookDetail; action: Exclude<ReadAction, 'read'> }) {
  const navigate = useNavigate();
  const [activating, setActivating] = useState(false);
  const heading =
    action === 'login' ? '登录后即可阅读' : action === 'activate' ? '激活后即可阅读' : '这本教材暂时无法在线阅读';
  const text =
    action === 'login'
      ? book.access === 'activation'
        ? '这本教材需要激活码。请先登录，再输入激活码激活，激活后可随时在“我的教材”中继续阅读。'
        : '这本教材对注册用户免费开放，登录后即可在线阅读，并自动记住阅读进度。'
      : action === 'activate'
        ? '这本教材需要激活码激活后阅读。激活码为 16 位字母和数字，印在教材包装或购书凭证上，每个激活码只能使用一次。'
        : (book.accessHint ?? '这本教材暂无电子版，敬请期待。');

  return (
    <main className={styles.gate} data-testid="read-access-gate">
      <div className={styles.gateCard}>
        <div className={styles.gateCover}>
          <CoverImage id={book.id} coverUrl={book.coverUrl} title={book.title} eager />
        </div>
        <div className={styles.gateText}>
          <span className={styles.gateIcon}>
            {action === 'unavailable' ? <StopOutlined /> : action === 'login' ? <LockOutlined /> : <KeyOutlined />}
          </span>
          <h1>{heading}</h1>
          <strong>《{book.title}》</strong>
          <p>{text}</p>
          <div className={styles.gateActions}>
            {action === 'login' && (
              <>
                <Button type="primary" size="large" onClick={() => navigate(loginPath('login', currentFullPath()))}>
                  登录
                </Button>
                <Button size="large" onClick={() => navigate(loginPath('register', currentFullPath()))}>
                  注册新账号
                </Button>
              </>
            )}
            {action === 'activate' && (
              <Button type="primary" size="large" icon={<KeyOutlined />} onClick={() => setActivating(true)}>
                输入激活码
              </Button>
            )}
            <Button size="large" onClick={() => navigate(detailHref(book.id))}>
              查看教材详情
            </Button>
            {action === 'unavailable' && (
              <Button size="large" onClick={() => navigate(paths.digitalBook)}>
                浏览其他教材
              </Button>
            )}
          </div>
        </div>
      </div>
      <ActivationDialog
        open={activating}
        onClose={() => setActivating(false)}
        bookTitle={book.title}
        bookId={book.id}
      />
    </main>
  );
}
