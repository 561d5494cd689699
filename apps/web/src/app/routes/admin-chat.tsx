/**
 * `/admin/chat`: the 在线客服 agent desk (docs/chat.md) for roles `support` and `admin`. Self-contained
 * (features/chat), so that it can move into the operators' console as it is.
 */
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { loginPath, paths } from '@/config/paths';
import { ChatDesk } from '@/features/chat/components/chat-desk';
import { useSession } from '@/stores/session';

const AGENT_ROLES = ['admin', 'support'];

export default function AdminChatRoute() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const allowed = !!user?.roles?.some((r) => AGENT_ROLES.includes(r));
  return (
    <div className="eav-container eav-admin-chat">
      <h1 className="eav-admin-chat__title">在线客服工作台</h1>
      {!user ? (
        <Result
          status="info"
          title="请先登录"
          subTitle="客服或管理员登录后可接待在线咨询"
          extra={
            <Button type="primary" onClick={() => void navigate(loginPath('login', paths.adminChat))}>
              去登录
            </Button>
          }
        />
      ) : allowed ? (
        <ChatDesk myId={user.userId} />
      ) : (
        <Result status="403" title="无权访问" subTitle="在线客服工作台仅对客服和管理员开放" />
      )}
    </div>
  );
}
