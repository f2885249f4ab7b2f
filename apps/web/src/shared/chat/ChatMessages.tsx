import type { ReactNode } from 'react';
import type { ChatMessageView, ChatSender } from '@kc/domain';
import s from './ChatMessages.module.css';

interface Props {
  messages: readonly ChatMessageView[];
  /** Whose messages sit on the right: the reader's own side. */
  mine: ChatSender;
  /** Shown above the first message (e.g. a 加载更早消息 button). */
  header?: ReactNode;
  /** Opens an image large (a preview); without it the image opens in a new tab. */
  onOpenImage?: (url: string) => void;
}

/**
 * A conversation's messages, oldest first, the reader's own on the right. Text is rendered as
 * text (React escapes it), never as HTML: a `<script>` typed into the chat shows as typed.
 */
export function ChatMessages({ messages, mine, header, onOpenImage }: Props) {
  return (
    <div className={s.list} role="log" aria-label="聊天记录" aria-live="polite">
      {header && <div className={s.more}>{header}</div>}
      {messages.map((m) => (
        <div key={m.id} className={`${s.row} ${m.from === mine ? s.mine : ''}`} data-from={m.from}>
          <div className={s.meta}>
            {m.sender_name} {m.created_at}
          </div>
          {m.kind === 'image' ? (
            <a
              href={m.image_url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(e) => {
                if (!onOpenImage) return;
                e.preventDefault();
                onOpenImage(m.image_url);
              }}
            >
              <img className={s.image} src={m.image_url} alt="聊天图片" />
            </a>
          ) : (
            <div className={s.bubble}>{m.content}</div>
          )}
        </div>
      ))}
    </div>
  );
}

/** Adds messages to a list by id, keeping it ordered and without duplicates (a message may
 * arrive both as the reply to a send and on the socket). */
export function mergeMessages(
  current: readonly ChatMessageView[],
  incoming: readonly ChatMessageView[],
): ChatMessageView[] {
  const byId = new Map<number, ChatMessageView>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
