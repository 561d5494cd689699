/**
 * The 在线客服 chat of visitors and users (docs/chat.md), shared by the desktop panel (antd Modal
 * around it) and the H5 popup (antd-mobile around it): plain elements only, so it pulls neither UI
 * library into the other site. Messages are plain text; the agents' https links are clickable.
 * Outside service hours it says so and takes the message for the next service hours.
 */
import { LIMITS } from '@eav/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import type { ChatWidgetProps } from '@/components/layouts/chat-context';
import { site } from '@/config/site';
import { openChatEarly, useChat } from '../hooks/use-chat';

export { openChatEarly };
import { httpsOnly } from '../lib/linkify';
import { MessageText } from './message-text';
import styles from './chat-widget.module.css';
import { beijingFormat } from '@/lib/beijing-format';

const MAX = LIMITS.chat.messageMax;

const time = (iso: string) => beijingFormat(iso, 'HH:mm');

export default function ChatWidget({ variant, onClose }: ChatWidgetProps) {
  const { pathname } = useLocation();
  const chat = useChat(pathname);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const titleId = useId();

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    if (await chat.send(body)) setText('');
    setSending(false);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line; not while an input method is composing.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  return (
    <section
      className={`${styles.widget} ${variant === 'h5' ? styles.h5 : styles.desktop}`}
      aria-labelledby={titleId}
      data-testid="chat-widget"
    >
      <header className={styles.head}>
        <h2 id={titleId} className={variant === 'desktop' ? 'eav-visually-hidden' : styles.title}>
          在线客服
        </h2>
        {variant === 'h5' && onClose && (
          <button type="button" className={styles.close} onClick={onClose} aria-label="关闭在线客服">
            ×
          </button>
        )}
      </header>
      <p
        className={`${styles.status} ${chat.serviceOpen ? styles.online : ''}`}
        role="status"
        data-testid="chat-status"
      >
        <span className={styles.dot} aria-hidden />
        {chat.serviceOpen
          ? '客服在线，欢迎咨询'
          : `当前为非服务时间（${site.contact.weekdays}，${site.contact.weekends}），您可以留言，客服将在服务时间内回复`}
      </p>

      {chat.state === 'loading' && <p className={styles.info}>正在连接客服…</p>}
      {chat.state === 'error' && (
        <div className={styles.info} role="alert">
          <p>{chat.error}</p>
          <button type="button" className={styles.secondary} onClick={chat.retry}>
            重新连接
          </button>
        </div>
      )}
      {chat.state === 'ready' && (
        // The log role is on a wrapper: on the list itself it would take away the list semantics of the items.
        <div
          className={styles.log}
          ref={logRef}
          role="log"
          aria-live="polite"
          aria-label="聊天记录"
          tabIndex={0}
          data-testid="chat-log"
        >
          <ol className={styles.list}>
            {chat.messages.length === 0 && (
              <li className={styles.empty}>您好，请问有什么可以帮您？请描述您遇到的问题。</li>
            )}
            {chat.messages.map((m) => {
              const mine = m.sender === 'visitor' || m.sender === 'user';
              return (
                <li
                  key={m.id}
                  className={`${styles.item} ${mine ? styles.mine : styles.theirs}`}
                  data-sender={m.sender}
                >
                  <span className={styles.meta}>
                    {mine ? '我' : (m.agentName ?? '客服')} · <time dateTime={m.createdAt}>{time(m.createdAt)}</time>
                    {m.afterHours && mine ? ' · 留言' : ''}
                  </span>
                  <span className={styles.bubble}>
                    {mine ? m.body : <MessageText text={m.body} allow={httpsOnly} />}
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
      )}

      <form className={styles.form} onSubmit={(e) => void submit(e)}>
        <label htmlFor={inputId} className="eav-visually-hidden">
          输入消息
        </label>
        <textarea
          id={inputId}
          className={styles.input}
          value={text}
          maxLength={MAX}
          rows={variant === 'h5' ? 2 : 3}
          placeholder={chat.serviceOpen ? '请输入您的问题，按 Enter 发送' : '请留言，客服将在服务时间内回复'}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={chat.state !== 'ready'}
          data-testid="chat-input"
        />
        <div className={styles.actions}>
          <span className={styles.count} aria-live="off">
            {text.length}/{MAX}
          </span>
          {chat.error && chat.state === 'ready' && (
            <span className={styles.error} role="alert">
              {chat.error}
            </span>
          )}
          <button
            type="submit"
            className={styles.send}
            disabled={chat.state !== 'ready' || sending || text.trim() === ''}
            data-testid="chat-send"
          >
            {chat.serviceOpen ? '发送' : '留言'}
          </button>
        </div>
      </form>
    </section>
  );
}
