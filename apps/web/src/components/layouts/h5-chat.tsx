/**
 * The H5 在线客服 (docs/chat.md): a button in the bottom bar of the main tabs and a floating one on
 * 联系我们, opening the chat
 * widget the app provides (chat-context.ts) in a bottom popup of antd-mobile. The widget itself is
 * free of UI libraries and loads on first open.
 */
import { MessageOutline } from 'antd-mobile-icons';
import { Popup } from 'antd-mobile';
import { Suspense, useContext, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ChatPrepareContext, useChatPanel, useChatWidget } from './chat-context';

/**
 * Waits for the page's load and an idle moment (a short timer where the browser has no idle callback,
 * as Safari), then calls `run`; answers the canceller.
 */
function whenIdle(run: () => void): () => void {
  const idle = (window as Partial<Window>).requestIdleCallback;
  let cancel = () => undefined as void;
  const start = () => {
    if (idle) {
      const id = idle(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 200);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancel();
  };
}

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

/**
 * The 在线客服 button. `bar`: a slot at the right end of the bottom bar on the main tabs, beside the
 * TabBar, so it never lies over the page (a floating button covered the rows' right-hand links, such
 * as the home's 更多 and the user centre's 解除, while scrolling). `float`: a round button in the
 * bottom-right corner of a page without a TabBar (联系我们), whose end keeps room for it.
 */
export function H5ChatButton({ placement }: { placement: 'bar' | 'float' }) {
  const setOpen = useChatPanel((s) => s.setOpen);
  const Widget = useChatWidget();
  const prepare = useContext(ChatPrepareContext);
  const { pathname } = useLocation();
  // The widget's chunk once the page has loaded and the browser is idle: a tap then opens it at once
  // (loaded on the tap, it made the chat take seconds to open on a phone; docs/benchmarks.md).
  useEffect(() => (Widget ? whenIdle(() => prepare({ session: false })) : undefined), [Widget, prepare]);
  if (!Widget) return null;
  return (
    <button
      type="button"
      className={`eav-h5-chat__button is-${placement}`}
      aria-label="在线客服"
      data-testid="h5-chat-button"
      onClick={() => {
        prepare({ session: true, page: pathname });
        setOpen(true);
      }}
    >
      <span className="eav-h5-chat__icon">
        <MessageOutline aria-hidden />
      </span>
      {placement === 'bar' && <span className="eav-h5-chat__label">客服</span>}
    </button>
  );
}
