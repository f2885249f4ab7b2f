import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Empty, Input, Modal, Spin, Tag, Upload } from 'antd';
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import {
  CHAT,
  CHAT_IMAGE_ACCEPT,
  chatImageProblem,
  chatSendSchema,
  type ChatConversationView,
} from '@kc/domain';
import { ChatMessages, isSendKey, type ChatSocketState } from '../../../../shared/chat';
import { messagesOf, useMessages, useSendImage, useSendText } from '../api';
import s from './chat.module.css';

const SOCKET_TAGS: Record<ChatSocketState, { color: string; text: string }> = {
  open: { color: 'success', text: '实时连接' },
  connecting: { color: 'processing', text: '连接中' },
  closed: { color: 'warning', text: '已断开，正在重连' },
  ended: { color: 'error', text: '登录已失效，请重新登录' },
};

/**
 * The open conversation's messages, oldest first, the 客服's on the right. It keeps to the
 * newest message (unless the reader has scrolled up), and keeps its place when older messages
 * are loaded above.
 */
function MessageLog({ id }: { id: number }) {
  const history = useMessages(id);
  const messages = messagesOf(history.data);
  const box = useRef<HTMLDivElement>(null);
  /** Distance from the bottom before older messages were asked for. */
  const keep = useRef<number | null>(null);
  /** Whether the reader is at the newest message (new ones then scroll into view). */
  const stick = useRef(true);
  const [preview, setPreview] = useState<string | null>(null);
  const firstId = messages[0]?.id;
  const lastId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (keep.current !== null) {
      el.scrollTop = el.scrollHeight - keep.current;
      keep.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
    stick.current = true;
  }, [firstId, lastId]);

  // An image that finishes loading makes the log taller: stay at the newest message.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onLoad = () => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    };
    el.addEventListener('load', onLoad, true);
    return () => el.removeEventListener('load', onLoad, true);
  }, []);

  const older = () => {
    const el = box.current;
    if (el) keep.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  return (
    <div
      ref={box}
      className={s.log}
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {history.isPending ? (
        <div className={s.empty}>
          <Spin />
        </div>
      ) : messages.length ? (
        <ChatMessages
          messages={messages}
          mine="service"
          onOpenImage={setPreview}
          header={
            history.hasNextPage ? (
              <Button size="small" type="link" loading={history.isFetchingNextPage} onClick={older}>
                加载更早消息
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Empty className={s.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />
      )}
      <Modal
        open={preview !== null}
        footer={null}
        onCancel={() => setPreview(null)}
        title="查看图片"
        width={720}
      >
        {preview && <img className={s.previewImage} src={preview} alt="聊天图片" />}
      </Modal>
    </div>
  );
}

/** The reply box: Enter sends, Shift+Enter starts a new line; and the picture button. */
function Composer({ id }: { id: number }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const send = useSendText(id);
  const image = useSendImage(id);

  const submit = () => {
    if (send.isPending) return;
    const parsed = chatSendSchema.safeParse({ content: text });
    if (!parsed.success) {
      void message.warning(parsed.error.issues[0]?.message ?? '请输入消息内容');
      return;
    }
    // A refusal is shown by the API client; the text stays to be sent again.
    send.mutateAsync(parsed.data.content).then(
      () => setText(''),
      () => undefined,
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(e)) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className={s.composer}>
      <Input.TextArea
        aria-label="消息内容"
        placeholder="输入消息，Enter 发送，Shift+Enter 换行"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        maxLength={CHAT.maxText}
        showCount
        rows={3}
        style={{ resize: 'none' }}
      />
      <div className={s.actions}>
        <Upload
          accept={CHAT_IMAGE_ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = chatImageProblem(file);
            if (problem) void message.error(problem);
            else image.mutateAsync(file).catch(() => undefined);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<PictureOutlined />} loading={image.isPending}>
            发送图片
          </Button>
        </Upload>
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={submit}
        >
          发送
        </Button>
      </div>
    </div>
  );
}

/**
 * The console's middle column: the member's company and phone, the messages, the reply box.
 * Keyed by the conversation, so a draft and the scroll place belong to one conversation.
 */
export function ConversationPanel({
  id,
  conversation,
  socket,
}: {
  id: number | null;
  conversation: ChatConversationView | undefined;
  socket: ChatSocketState;
}) {
  const tag = SOCKET_TAGS[socket];
  const m = conversation?.member;
  return (
    <section className={s.column} aria-label="会话">
      <div className={s.columnHead}>
        <div className={s.headRow}>
          <span className={s.title}>{m ? m.company || m.username : id === null ? '在线客服' : '…'}</span>
          <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
            {tag.text}
          </Tag>
        </div>
        {m && (
          <span className={s.muted}>
            {[m.name, m.phone && `手机 ${m.phone}`].filter(Boolean).join(' · ') || m.username}
          </span>
        )}
      </div>
      {id === null ? (
        <div className={s.log}>
          <Empty
            className={s.empty}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="请从左侧选择一个会话"
          />
        </div>
      ) : (
        <>
          <MessageLog key={`log-${id}`} id={id} />
          <Composer key={`composer-${id}`} id={id} />
        </>
      )}
    </section>
  );
}
