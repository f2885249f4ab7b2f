import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Image, Input, Result, Skeleton, Tag, Upload } from 'antd';
import { PictureOutlined, QqOutlined, SendOutlined } from '@ant-design/icons';
import {
  CHAT,
  CHAT_IMAGE_ACCEPT,
  chatImageProblem,
  CODES,
  chatSendSchema,
  isLoginCode,
  type ChatMessageView,
  type ChatSessionView,
  type ChatSocketEvent,
} from '@kc/domain';
import { isApiError, isCancelled, navigation } from '../../../shared/api';
import {
  ChatMessages,
  isSendKey,
  mergeMessages,
  useChatSocket,
  type ChatSocketState,
} from '../../../shared/chat';
import { isMember, useUser } from '../../../shared/session/user';
import { useCommon } from '../../../shared/site/common';
import {
  CHAT_SESSION_KEY,
  chatSessionQuery,
  fetchChatHistory,
  markChatRead,
  sendChatImage,
  sendChatText,
} from '../api/chat';
import s from './ChatPage.module.css';

const STATE_TAG: Record<ChatSocketState, { color: string; text: string }> = {
  open: { color: 'success', text: '已连接' },
  connecting: { color: 'processing', text: '连接中' },
  closed: { color: 'error', text: '已断开' },
  ended: { color: 'error', text: '登录已失效，请重新登录' },
};

const TITLE = <h1 className={s.title}>在线客服</h1>;

/** `?order=<sn>` from an order page: the question starts with the order number. */
function prefillOf(order: string | null): string {
  const sn = (order ?? '').trim().slice(0, 64);
  return sn ? `咨询订单：${sn} ` : '';
}

/** QQ's desktop client opens a chat window from this URL scheme (as the layout's QQ links). */
const qqChatUrl = (qq: string) => `tencent://message/?uin=${encodeURIComponent(qq)}&Site=&Menu=yes`;

/** The member's account has no chat (is_can_chat = 0): the QQ contacts instead. */
function NotEnabled() {
  const user = useUser();
  const { data: common } = useCommon();
  const member = isMember(user) ? user : null;
  const qq = [
    member?.common_config?.qq1 || common?.site.qq1 || '',
    member?.common_config?.qq2 || common?.site.qq2 || '',
  ].filter(Boolean);
  return (
    <Result
      status="info"
      title={CHAT.notEnabled}
      extra={
        <div className={s.qq}>
          {qq.map((n, i) => (
            <a key={n} href={qqChatUrl(n)} aria-label={`QQ客服${i + 1}`}>
              <QqOutlined /> QQ客服{i + 1}（{n}）
            </a>
          ))}
          <Link to="/help_us">联系我们</Link>
        </div>
      }
    />
  );
}

/** Scroll state between renders: the ends of the list, and where to hold the view on a prepend. */
interface ScrollMemo {
  first: number;
  last: number;
  /** Set when older messages are asked for: the height and offset to keep the view still. */
  anchor: { height: number; top: number } | null;
  /** The reader is at (or near) the newest message, so growth keeps them there. */
  atBottom: boolean;
}

/** The conversation itself, once the session is known. */
function Conversation({ session }: { session: ChatSessionView }) {
  const client = useQueryClient();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [messages, setMessages] = useState<ChatMessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState(() => prefillOf(params.get('order')));
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const memo = useRef<ScrollMemo>({ first: 0, last: 0, anchor: null, atBottom: true });
  /** A 客服 message arrived while the tab was hidden: read it when the member comes back. */
  const unseen = useRef(false);

  const read = useCallback(() => {
    unseen.current = false;
    client.setQueryData<ChatSessionView>(CHAT_SESSION_KEY, (s) => (s ? { ...s, unread: 0 } : s));
    markChatRead().catch(() => undefined);
  }, [client]);

  const loadLatest = useCallback(async (signal?: AbortSignal, first = false) => {
    try {
      const page = await fetchChatHistory(undefined, signal);
      setMessages((current) => mergeMessages(current, page.list));
      if (first) setHasMore(page.has_more);
      setStatus('ready');
    } catch (error) {
      // A newer load replaced this one, or the page closed: nothing to say.
      if (isCancelled(error)) return;
      if (first) setStatus('failed');
    }
  }, []);

  // Opening the page: the newest messages, and everything from the 客服 counts as read.
  useEffect(() => {
    const controller = new AbortController();
    void loadLatest(controller.signal, true);
    read();
    return () => controller.abort();
  }, [loadLatest, read]);

  // Back to a hidden tab that received messages: they are read now.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'hidden' && unseen.current) read();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [read]);

  const onEvent = (event: ChatSocketEvent) => {
    if (event.type !== 'message' || event.message.conversation_id !== session.conversation_id) return;
    setMessages((current) => mergeMessages(current, [event.message]));
    if (event.message.from !== 'service') return;
    if (document.visibilityState === 'hidden') unseen.current = true;
    else read();
  };
  // After a drop, what arrived meanwhile comes with the newest page.
  const socket = useChatSocket(CHAT.memberSocket, true, onEvent, () => void loadLatest());

  // New at the end: show it. Older ones put in front: keep the view where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const m = memo.current;
    const first = messages[0]?.id ?? 0;
    const last = messages.at(-1)?.id ?? 0;
    if (el) {
      if (last !== m.last) el.scrollTop = el.scrollHeight;
      else if (first !== m.first && m.anchor) el.scrollTop = el.scrollHeight - m.anchor.height + m.anchor.top;
    }
    memo.current = { ...m, first, last, anchor: null };
  }, [messages]);

  // An image that finishes loading grows the list: stay at the newest if the reader was there.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      memo.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
    };
    const onLoad = () => {
      if (memo.current.atBottom) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('scroll', onScroll);
    // `load` does not bubble, but it passes the ancestors while capturing.
    el.addEventListener('load', onLoad, true);
    return () => {
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('load', onLoad, true);
    };
  }, []);

  const loadOlder = async () => {
    const oldest = messages[0];
    if (!oldest || loadingOlder) return;
    const el = scroller.current;
    memo.current.anchor = el ? { height: el.scrollHeight, top: el.scrollTop } : null;
    setLoadingOlder(true);
    try {
      const page = await fetchChatHistory(oldest.id);
      setMessages((current) => mergeMessages(current, page.list));
      setHasMore(page.has_more);
    } catch {
      // The client has shown why; the button stays for another try.
    } finally {
      setLoadingOlder(false);
    }
  };

  const send = async () => {
    if (sending) return;
    const parsed = chatSendSchema.safeParse({ content: text });
    if (!parsed.success) {
      void message.warning(parsed.error.issues[0]?.message ?? '请输入消息内容');
      return;
    }
    setSending(true);
    try {
      const sent = await sendChatText(parsed.data.content);
      setMessages((current) => mergeMessages(current, [sent]));
      setText('');
    } catch {
      // The client has shown the server's message (SPEC §8); the text stays to send again.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(e)) return;
    e.preventDefault();
    void send();
  };

  const sendImage = async (file: File) => {
    const problem = chatImageProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const sent = await sendChatImage(file);
      setMessages((current) => mergeMessages(current, [sent]));
    } catch {
      // Shown by the client.
    } finally {
      setUploading(false);
    }
  };

  const tag = STATE_TAG[socket];
  const service = session.service;
  let header = null;
  if (hasMore) {
    header = (
      <Button type="link" size="small" loading={loadingOlder} onClick={() => void loadOlder()}>
        加载更早消息
      </Button>
    );
  } else if (status === 'failed') {
    header = (
      <Button type="link" size="small" onClick={() => void loadLatest(undefined, true)}>
        聊天记录加载失败，点击重试
      </Button>
    );
  } else if (status === 'ready' && messages.length === 0) {
    header = <span className={s.empty}>您好，请问有什么可以帮您？请在下方输入您要咨询的问题</span>;
  }

  return (
    <Card
      title={
        <div className={s.head}>
          {TITLE}
          <span className={s.service}>
            {service ? `专属客服：${service.name} ${service.phone}`.trim() : '平台客服'}
          </span>
        </div>
      }
      extra={
        <Tag color={tag.color} aria-label="连接状态">
          {tag.text}
        </Tag>
      }
    >
      <div className={s.scroller} ref={scroller}>
        {status === 'loading' ? (
          <Skeleton active style={{ padding: 16 }} />
        ) : (
          <ChatMessages messages={messages} mine="member" header={header} onOpenImage={setPreview} />
        )}
      </div>
      <div className={s.composer}>
        <Input.TextArea
          aria-label="消息内容"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          maxLength={CHAT.maxText}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="请输入您要咨询的问题"
        />
        <div className={s.toolbar}>
          <span className={s.hint}>Enter 发送，Shift+Enter 换行</span>
          <Upload
            accept={CHAT_IMAGE_ACCEPT}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void sendImage(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<PictureOutlined />} loading={uploading} aria-label="发送图片">
              图片
            </Button>
          </Upload>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={sending}
            disabled={!text.trim()}
            onClick={() => void send()}
          >
            发送
          </Button>
        </div>
      </div>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt="聊天图片"
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </Card>
  );
}

/** /kfzx (kfzx): the member's real-time chat with their 客服 (issue 14 §7). */
export function ChatPage() {
  const { data: session, error, isPending, refetch } = useQuery(chatSessionQuery);
  const loginLost = isApiError(error) && isLoginCode(error.code);

  // The query is silent (it also feeds the toolbar's badge): a lost session goes to login here.
  useEffect(() => {
    if (loginLost) navigation.toLogin();
  }, [loginLost]);

  const refused = isApiError(error) && (error.code === CODES.forbidden || error.msg === CHAT.notEnabled);
  let body;
  if (isPending)
    body = (
      <Card title={TITLE}>
        <Skeleton active />
      </Card>
    );
  else if (refused)
    body = (
      <Card title={TITLE}>
        <NotEnabled />
      </Card>
    );
  else if (session) body = <Conversation session={session} />;
  else
    body = (
      <Card title={TITLE}>
        <Result
          status="warning"
          title={isApiError(error) && error.msg ? error.msg : '在线客服加载失败'}
          extra={<Button onClick={() => void refetch()}>重试</Button>}
        />
      </Card>
    );
  return <div className={s.frame}>{body}</div>;
}
