import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CHAT, type ChatSocketEvent } from '@kc/domain';
import { useChatSocket } from '../../../../shared/chat';
import { addMessages, chatKeys, useConversation, useMarkRead } from '../api';
import { ConversationList } from '../components/ConversationList';
import { ConversationPanel } from '../components/ConversationPanel';
import { MemberPanel } from '../components/MemberPanel';
import s from '../components/chat.module.css';

/** The open conversation from `?id=`, or null. */
function idOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * 在线客服 (issue 14 §7): the 客服's console. Left, the conversations (search, 只看未读, unread
 * badges); middle, the open one (`?id=`) with its messages and the reply box (text, images);
 * right, the member and their recent orders. One socket brings every new message: the open
 * conversation's join its log and are marked read (when the tab is seen: a hidden tab reads
 * them once it is shown again); any other's refresh the list's badges.
 * After a reconnection everything is read again, in case something was missed.
 */
export function ChatConsolePage() {
  const [params, setParams] = useSearchParams();
  const id = idOf(params.get('id'));
  const qc = useQueryClient();
  const { mutate: markRead } = useMarkRead();
  const conversation = useConversation(id).data;

  // Opening a conversation reads it.
  useEffect(() => {
    if (id !== null) markRead({ id });
  }, [id, markRead]);

  const refreshList = () => {
    void qc.invalidateQueries({ queryKey: chatKeys.conversations });
    void qc.invalidateQueries({ queryKey: chatKeys.unread });
  };

  // A member's message to the open conversation while the tab is hidden stays unread (the
  // member sees no 已读 and the menu counts it) until the 客服 comes back to the tab.
  const unseen = useRef(false);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'hidden' || !unseen.current || id === null) return;
      unseen.current = false;
      markRead({ id, refreshList: true });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [id, markRead]);

  const onEvent = (event: ChatSocketEvent) => {
    if (event.type === 'message') {
      const m = event.message;
      addMessages(qc, m.conversation_id, [m]);
      const toOpen = m.conversation_id === id && m.from === 'member';
      if (toOpen && document.visibilityState === 'hidden') {
        unseen.current = true;
        refreshList();
      }
      // The list is read after the read, so it never shows the open conversation unread.
      else if (toOpen) markRead({ id, refreshList: true });
      else refreshList();
    } else if (event.type === 'read' && event.by === 'service') {
      // Another 客服 read a conversation: its badge goes.
      refreshList();
    }
  };

  const socket = useChatSocket(CHAT.operatorSocket, true, onEvent, () => {
    void qc.invalidateQueries({ queryKey: chatKeys.all });
    if (id !== null) markRead({ id });
  });

  return (
    <div className={s.console}>
      <ConversationList selectedId={id} onSelect={(next) => setParams({ id: String(next) })} />
      <ConversationPanel id={id} conversation={conversation} socket={socket} />
      {id === null ? (
        <section className={s.column} aria-label="会员信息">
          <div className={s.empty}>
            <span className={s.muted}>选择会话后显示会员信息与最近订单</span>
          </div>
        </section>
      ) : (
        <MemberPanel key={id} id={id} conversation={conversation} />
      )}
    </div>
  );
}
