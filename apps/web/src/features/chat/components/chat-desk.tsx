/**
 * The 在线客服 agent desk (docs/chat.md; desktop, antd): the queue (排队中) and the agent's own
 * conversations on the left, several conversations open at once in tabs on the right, each with
 * the person's context (logged-in user name or visitor, the page they were on), the messages, canned
 * replies and the answer box. Live through one WebSocket (use-desk-socket.ts). People's messages are
 * plain text; their links are clickable only on the portal's own origin.
 */
import type { ChatConversationSummary } from '@eav/contract';
import { LIMITS } from '@eav/contract';
import { Alert, Badge, Button, Card, Empty, Input, List, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { runtimeConfig } from '@/config/runtime';
import { ApiError } from '@/lib/api-client';
import { useAddCannedReply } from '../api/add-canned-reply';
import { useClaimChatConversation } from '../api/claim-conversation';
import { useCloseChatConversation } from '../api/close-conversation';
import { useDeleteCannedReply } from '../api/delete-canned-reply';
import { useCannedReplies } from '../api/get-canned-replies';
import { useChatConversation } from '../api/get-conversation';
import { useChatConversations } from '../api/get-conversations';
import { useReplyChatConversation } from '../api/reply-conversation';
import { useDeskSocket } from '../hooks/use-desk-socket';
import { httpsOnly, sameOriginOnly } from '../lib/linkify';
import { MessageText } from './message-text';
import styles from './chat-desk.module.css';
import { beijingFormat } from '@/lib/beijing-format';

const STATUS = {
  waiting: { text: '排队中', color: 'orange' },
  active: { text: '接待中', color: 'blue' },
  closed: { text: '已结束', color: 'default' },
} as const;

const when = (iso: string) => beijingFormat(iso, 'M/D HH:mm');

function ConversationList({
  title,
  items,
  loading,
  error,
  empty,
  onOpen,
  testId,
}: {
  title: string;
  items: ChatConversationSummary[] | undefined;
  loading: boolean;
  error: boolean;
  empty: string;
  onOpen(c: ChatConversationSummary): void;
  testId: string;
}) {
  return (
    <Card
      size="small"
      title={<h2 className={styles.cardTitle}>{title}</h2>}
      className={styles.listCard}
      data-testid={testId}
    >
      {error ? (
        <Alert type="error" showIcon title="列表加载失败，请稍后刷新" />
      ) : (
        <List
          loading={loading}
          dataSource={items ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
          renderItem={(c) => (
            <List.Item className={styles.item}>
              <button type="button" className={styles.itemButton} onClick={() => onOpen(c)} data-conversation={c.id}>
                <span className={styles.itemHead}>
                  <strong>{c.displayName}</strong>
                  {c.afterHours && <Tag color="purple">留言</Tag>}
                  {c.unanswered > 0 && <Badge count={c.unanswered} title={`${c.unanswered} 条未回复`} />}
                </span>
                <span className={styles.itemLast}>{c.lastMessage ?? '（暂无消息）'}</span>
                <span className={styles.itemMeta}>{when(c.lastMessageAt)}</span>
              </button>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function ConversationPane({ id, myId }: { id: number; myId: number | undefined }) {
  const detail = useChatConversation(id);
  const canned = useCannedReplies();
  const reply = useReplyChatConversation();
  const claim = useClaimChatConversation();
  const close = useCloseChatConversation();
  const [text, setText] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const portal = sameOriginOnly(runtimeConfig().publicOrigin || window.location.origin);
  const count = detail.data?.messages.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [count]);

  if (detail.isPending)
    return (
      <Spin className={styles.center} tip="加载中…">
        <div />
      </Spin>
    );
  if (detail.isError || !detail.data)
    return (
      <Result
        status="warning"
        title="会话加载失败"
        extra={<Button onClick={() => void detail.refetch()}>重试</Button>}
      />
    );
  const c = detail.data;
  const mine = c.status === 'active' && c.agentId === myId;

  async function send() {
    const body = text.trim();
    if (!body) return;
    try {
      await reply.mutateAsync({ id, body });
      setText('');
    } catch {
      // The client showed the message.
    }
  }

  return (
    <div className={styles.pane} data-testid={`desk-conversation-${id}`}>
      <dl className={styles.context} aria-label="用户信息">
        <div>
          <dt>用户</dt>
          <dd>{c.isVisitor ? `${c.displayName}（未登录访客）` : c.userName}</dd>
        </div>
        <div>
          <dt>所在页面</dt>
          <dd>{c.page ?? '未知'}</dd>
        </div>
        <div>
          <dt>状态</dt>
          <dd>
            <Tag color={STATUS[c.status].color}>{STATUS[c.status].text}</Tag>
            {c.agentName && c.status === 'active' && <span>{mine ? '由我接待' : `由 ${c.agentName} 接待`}</span>}
          </dd>
        </div>
      </dl>
      <div
        className={styles.log}
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={`与${c.displayName}的聊天记录`}
        tabIndex={0}
      >
        <ol className={styles.list}>
          {c.messages.map((m) => {
            const agent = m.sender === 'agent';
            return (
              <li key={m.id} className={`${styles.msg} ${agent ? styles.agent : styles.person}`} data-sender={m.sender}>
                <span className={styles.msgMeta}>
                  {agent ? (m.agentName ?? '客服') : c.displayName} · {when(m.createdAt)}
                  {m.afterHours && !agent && (
                    <Tag color="purple" className={styles.tag}>
                      非服务时间留言
                    </Tag>
                  )}
                </span>
                <span className={styles.bubble}>
                  <MessageText text={m.body} allow={agent ? httpsOnly : portal} />
                </span>
              </li>
            );
          })}
        </ol>
      </div>
      <Space className={styles.tools} wrap>
        <Select
          className={styles.canned}
          placeholder="快捷回复"
          aria-label="快捷回复"
          value={null}
          loading={canned.isPending}
          options={(canned.data ?? []).map((r) => ({ value: r.id, label: r.text }))}
          onChange={(v: number) => setText(canned.data?.find((r) => r.id === v)?.text ?? '')}
          popupMatchSelectWidth={false}
        />
        {!mine && (
          <Button onClick={() => claim.mutate(id)} loading={claim.isPending}>
            接入会话
          </Button>
        )}
        {c.status !== 'closed' && (
          <Button danger onClick={() => close.mutate(id)} loading={close.isPending}>
            结束会话
          </Button>
        )}
      </Space>
      <div className={styles.reply}>
        <Input.TextArea
          aria-label="回复内容"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={LIMITS.chat.messageMax}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder="输入回复，Enter 发送，Shift+Enter 换行"
          onPressEnter={(e) => {
            if (!e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
          data-testid="desk-input"
        />
        <Button
          type="primary"
          onClick={() => void send()}
          loading={reply.isPending}
          disabled={!text.trim()}
          data-testid="desk-send"
        >
          发送
        </Button>
      </div>
    </div>
  );
}

function CannedManager() {
  const canned = useCannedReplies();
  const add = useAddCannedReply();
  const remove = useDeleteCannedReply();
  const [text, setText] = useState('');
  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>快捷回复</h2>} className={styles.listCard}>
      {canned.isError ? (
        <Alert type="error" showIcon title="快捷回复加载失败" />
      ) : (
        <List
          size="small"
          loading={canned.isPending}
          dataSource={canned.data ?? []}
          locale={{ emptyText: '暂无快捷回复' }}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button
                  key="del"
                  type="link"
                  danger
                  size="small"
                  onClick={() => remove.mutate(r.id)}
                  aria-label={`删除快捷回复：${r.text}`}
                >
                  删除
                </Button>,
              ]}
            >
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.text }} className={styles.cannedText}>
                {r.text}
              </Typography.Paragraph>
            </List.Item>
          )}
        />
      )}
      <Space.Compact className={styles.cannedAdd}>
        <Input
          aria-label="新的快捷回复"
          placeholder="新增快捷回复"
          value={text}
          maxLength={LIMITS.chat.cannedMax}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          onClick={() =>
            void add.mutateAsync(text.trim()).then(
              () => setText(''),
              () => undefined,
            )
          }
          disabled={!text.trim()}
          loading={add.isPending}
        >
          添加
        </Button>
      </Space.Compact>
    </Card>
  );
}

/** The desk; `myId` is the logged-in agent's user id. */
export function ChatDesk({ myId }: { myId: number | undefined }) {
  const connected = useDeskSocket();
  const waiting = useChatConversations('waiting');
  const mine = useChatConversations('mine');
  const [open, setOpen] = useState<{ id: number; label: string }[]>([]);
  const [active, setActive] = useState<string>();
  const denied = [waiting.error, mine.error].some(
    (e) => e instanceof ApiError && (e.status === 401 || e.status === 404),
  );

  if (denied) return <Result status="403" title="无权访问" subTitle="在线客服工作台仅对客服和管理员开放" />;

  const openConversation = (c: ChatConversationSummary) => {
    setOpen((tabs) => (tabs.some((t) => t.id === c.id) ? tabs : [...tabs, { id: c.id, label: c.displayName }]));
    setActive(String(c.id));
  };
  const closeTab = (key: string) => {
    setOpen((tabs) => {
      const next = tabs.filter((t) => String(t.id) !== key);
      if (active === key) setActive(next.at(-1) ? String(next.at(-1)!.id) : undefined);
      return next;
    });
  };
  const unansweredOf = new Map([...(waiting.data ?? []), ...(mine.data ?? [])].map((c) => [c.id, c.unanswered]));

  return (
    <div className={styles.desk}>
      <aside className={styles.side} aria-label="会话列表">
        <p className={styles.connection} role="status">
          <Badge status={connected ? 'success' : 'processing'} text={connected ? '实时连接正常' : '正在连接…'} />
        </p>
        <ConversationList
          title={`排队中（${waiting.data?.length ?? 0}）`}
          items={waiting.data}
          loading={waiting.isPending}
          error={waiting.isError}
          empty="暂无排队的会话"
          onOpen={openConversation}
          testId="desk-waiting"
        />
        <ConversationList
          title={`我的会话（${mine.data?.length ?? 0}）`}
          items={mine.data}
          loading={mine.isPending}
          error={mine.isError}
          empty="暂无接待中的会话"
          onOpen={openConversation}
          testId="desk-mine"
        />
        <CannedManager />
      </aside>
      <section className={styles.main} aria-label="会话">
        {open.length === 0 ? (
          <Empty className={styles.center} description="从左侧选择一个会话开始接待，可同时打开多个会话" />
        ) : (
          <>
            {/* Plain buttons rather than a tab list: each open conversation also has its own close button. */}
            <nav aria-label="已打开的会话">
              <ul className={styles.tabs}>
                {open.map((t) => {
                  const n = unansweredOf.get(t.id) ?? 0;
                  const current = String(t.id) === active;
                  return (
                    <li key={t.id} className={`${styles.tab} ${current ? styles.tabActive : ''}`}>
                      <button
                        type="button"
                        className={styles.tabButton}
                        aria-current={current ? 'true' : undefined}
                        onClick={() => setActive(String(t.id))}
                      >
                        {t.label}
                        {n > 0 && <span className={styles.tabCount}>（{n} 条未回复）</span>}
                      </button>
                      <button
                        type="button"
                        className={styles.tabClose}
                        aria-label={`关闭${t.label}`}
                        onClick={() => closeTab(String(t.id))}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            {open.map((t) => (String(t.id) === active ? <ConversationPane key={t.id} id={t.id} myId={myId} /> : null))}
          </>
        )}
      </section>
    </div>
  );
}
