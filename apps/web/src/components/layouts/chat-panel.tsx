/**
 * Online customer service (docs/product.md §2: shell chat button; footer 在线客服; docs/chat.md). Opens a
 * panel with the live chat (the widget the app provides, chat-context.ts), the service hours and the
 * other channels that reach a person: the hotline (tel:) and the support mailbox (mailto:), all from
 * config/site.ts. The floating button and the footer link share one panel.
 */
import { CustomerServiceOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { FloatButton, Modal } from 'antd';
import { Suspense } from 'react';
import { site } from '@/config/site';
import { isServiceOpen } from '@/lib/service-hours';
import { useChatPanel, useChatWidget } from './chat-context';

export { useChatPanel };

export function ChatPanel() {
  const { open, setOpen } = useChatPanel();
  const online = isServiceOpen();
  const Widget = useChatWidget();
  return (
    <Modal
      open={open}
      onCancel={() => setOpen(false)}
      footer={null}
      width={Widget ? 480 : 420}
      title={
        <span className="eav-chat__title">
          <CustomerServiceOutlined /> 在线客服
        </span>
      }
    >
      <div className="eav-chat" data-testid="chat-panel">
        {Widget ? (
          open && (
            <Suspense fallback={<p className="eav-chat__status">正在连接客服…</p>}>
              <Widget variant="desktop" />
            </Suspense>
          )
        ) : (
          <p className={`eav-chat__status ${online ? 'is-online' : ''}`}>
            <span className="eav-chat__dot" />
            {online ? '客服在线，欢迎咨询' : '当前为非服务时间，您可以发送邮件留言，我们将尽快回复'}
          </p>
        )}
        <dl className="eav-chat__hours">
          <dt>服务时间</dt>
          <dd>
            {site.contact.weekdays}
            <br />
            {site.contact.weekends}
          </dd>
        </dl>
        <div className="eav-chat__channels">
          <a className="eav-chat__channel" href={`tel:${site.contact.hotline.replace(/[^\d+]/g, '')}`}>
            <PhoneOutlined />
            <span>
              <strong>客服热线</strong>
              {site.contact.hotline}
            </span>
          </a>
          <a
            className="eav-chat__channel"
            href={`mailto:${site.contact.email}?subject=${encodeURIComponent(`${site.platformName} 咨询`)}`}
          >
            <MailOutlined />
            <span>
              <strong>客服邮箱</strong>
              {site.contact.email}
            </span>
          </a>
        </div>
      </div>
    </Modal>
  );
}

/** The floating 在线客服 button of the desktop shell. */
export function ChatButton() {
  const setOpen = useChatPanel((s) => s.setOpen);
  return (
    <FloatButton.Group shape="circle" style={{ insetInlineEnd: 24, insetBlockEnd: 96 }}>
      <FloatButton
        icon={<CustomerServiceOutlined />}
        type="primary"
        tooltip="在线客服"
        aria-label="在线客服"
        data-testid="chat-button"
        onClick={() => setOpen(true)}
      />
      <FloatButton.BackTop tooltip="回到顶部" visibilityHeight={400} />
    </FloatButton.Group>
  );
}
