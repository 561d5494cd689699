/**
 * `/zjhAuth` (docs/product.md §2; docs/identity.md, 之江汇): completes a 之江汇 login from the
 * provider's `ticket`, or shows why not. A person whose 之江汇 account is not bound yet logs in or
 * registers and comes back here, where binding the pending identity to the account is confirmed.
 */
import { Avatar, Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { useCompleteLogin } from '@/features/auth/hooks/use-complete-login';
import styles from '@/features/identity/components/desktop/desktop.module.css';
import { useNoReferrer } from '@/features/identity/hooks/use-no-referrer';
import { useZjerAuth } from '@/features/identity/hooks/use-zjer-auth';
import { takeReturnTo } from '@/features/identity/utils/pending-binding';

export default function ZjhAuthRoute() {
  useNoReferrer();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin(paths.home);
  // Where the flow began (the 账号绑定 page), read once: the saved value is single-use.
  const [returnTo] = useState(takeReturnTo);
  const state = useZjerAuth((data) => completeLogin(data, returnTo));

  return (
    <div className={styles.page}>
      <section className={styles.panel} aria-labelledby="zjh-title">
        {state.status === 'working' && (
          <>
            <h1 id="zjh-title">之江汇登录</h1>
            <div style={{ textAlign: 'center', padding: 32 }} role="status">
              <Spin />
              <p>正在验证之江汇账号，请稍候…</p>
            </div>
          </>
        )}
        {state.status === 'not-bound' && (
          <>
            <h1 id="zjh-title">绑定平台账号</h1>
            <p>该之江汇账号尚未绑定平台账号。请登录已有账号或注册新账号，完成后将自动绑定。</p>
            <div className={styles.profile} data-testid="external-profile">
              <Avatar src={state.profile?.avatar} size={48} alt="">
                {state.profile?.name?.slice(0, 1)}
              </Avatar>
              <div>
                <div>{state.profile?.name ?? '之江汇用户'}</div>
                <div style={{ color: '#4e5969', fontSize: 13 }}>之江汇账号</div>
              </div>
            </div>
            <div className={styles.actions}>
              <Button type="primary" onClick={() => void navigate(loginPath('login', paths.zjhAuth))}>
                登录已有账号并绑定
              </Button>
              <Button onClick={() => void navigate(loginPath('register', paths.zjhAuth))}>注册新账号并绑定</Button>
            </div>
          </>
        )}
        {state.status === 'confirm' && (
          <>
            <h1 id="zjh-title">确认绑定</h1>
            <p data-testid="bind-confirm">{state.question}</p>
            <div className={styles.actions}>
              <Button type="primary" onClick={state.bind}>
                确认绑定
              </Button>
              <Button onClick={state.cancel}>取消</Button>
            </div>
          </>
        )}
        {state.status === 'bound' && (
          <Result
            status="success"
            title={
              <h1 id="zjh-title" style={{ fontSize: 22, margin: 0 }}>
                之江汇账号绑定成功
              </h1>
            }
            subTitle={state.name ? `已绑定之江汇账号：${state.name}` : '以后可以直接使用之江汇账号登录'}
            extra={
              <Button type="primary" onClick={() => void navigate(returnTo ?? paths.userBindings)}>
                查看账号绑定
              </Button>
            }
          />
        )}
        {state.status === 'error' && (
          <Result
            status="warning"
            title={
              <h1 id="zjh-title" style={{ fontSize: 22, margin: 0 }}>
                之江汇登录未完成
              </h1>
            }
            subTitle={<span role="alert">{state.message}</span>}
            extra={
              <Button type="primary" onClick={() => void navigate(loginPath('login'))}>
                返回登录
              </Button>
            }
          />
        )}
      </section>
    </div>
  );
}
