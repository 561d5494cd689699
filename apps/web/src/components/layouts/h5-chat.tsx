/**
 * The H5 在线客服 (docs/chat.md): a floating button on the main tabs and 联系我们 that opens the chat
 * widget the app provides (chat-context.ts) in a bottom popup of antd-mobile. The widget itself is
 * free of UI libraries and loads on first open.
 */
import { MessageOutline } from 'antd-mobile-icons';
import { Popup } from 'antd-mobile';
import { Suspense } from 'react';
import { useChatPanel, useChatWidget } from './chat-context';

/** The popup with the chat; open while the shared chat-panel state is open. */
export function H5ChatPopup() {
  const { open, setOpen } = useChatPanel();
  const Widget = useChatWidget();
  if (!Widget) return null;
  return (
    <Popup
      visible={open}
      onMaskClick={() => setOpen(false)}
      onClose={() => setOpen(false)}
      bodyStyle={{ height: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      destroyOnClose
    >
      <Suspense fallback={<p className="eav-h5-chat__loading">正在连接客服…</p>}>
        {open && <Widget variant="h5" onClose={() => setOpen(false)} />}
      </Suspense>
    </Popup>
  );
}

/** The floating 在线客服 button (above the TabBar on the main tabs). */
export function H5ChatButton({ aboveTabs }: { aboveTabs: boolean }) {
  const setOpen = useChatPanel((s) => s.setOpen);
  const Widget = useChatWidget();
  if (!Widget) return null;
  return (
    <button
      type="button"
      className={`eav-h5-chat__button${aboveTabs ? ' is-above-tabs' : ''}`}
      aria-label="在线客服"
      data-testid="h5-chat-button"
      onClick={() => setOpen(true)}
    >
      <MessageOutline aria-hidden />
    </button>
  );
}
