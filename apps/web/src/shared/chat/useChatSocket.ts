import { useEffect, useRef, useState } from 'react';
import { CHAT, type ChatSocketEvent } from '@kc/domain';

/** `ended`: the server closed the socket because the session ended; no reconnection. */
export type ChatSocketState = 'connecting' | 'open' | 'closed' | 'ended';

/** The socket URL for a path on this site (ws: or wss: like the page). */
export function socketUrl(path: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${path}`;
}

/** Waits between reconnection attempts: 1 s, 2 s, 4 s … at most 15 s. */
export const reconnectDelay = (attempt: number) => Math.min(15_000, 1000 * 2 ** Math.max(0, attempt));

/**
 * The chat's live channel (SPEC issue 14 §7): opens `path` while `enabled`, hands every event
 * to `onEvent` (the latest one given, so callers need not memoise it), reconnects after a drop
 * with a growing wait, and calls `onReconnect` after a reconnection so the caller can refetch
 * what it may have missed. A close because the session ended (CHAT.sessionEndedClose: a logout
 * elsewhere, a password reset) is final: the state becomes `ended` and nothing reconnects.
 * Messages are sent over HTTP; the socket only listens.
 */
export function useChatSocket(
  path: string,
  enabled: boolean,
  onEvent: (event: ChatSocketEvent) => void,
  onReconnect?: () => void,
): ChatSocketState {
  const [state, setState] = useState<ChatSocketState>('closed');
  const handlers = useRef({ onEvent, onReconnect });
  useEffect(() => {
    handlers.current = { onEvent, onReconnect };
  });

  useEffect(() => {
    if (!enabled) return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let wasOpen = false;

    const connect = () => {
      setState('connecting');
      socket = new WebSocket(socketUrl(path));
      socket.onopen = () => {
        if (wasOpen) handlers.current.onReconnect?.();
        wasOpen = true;
        attempt = 0;
        setState('open');
      };
      socket.onmessage = (e: MessageEvent) => {
        let event: ChatSocketEvent;
        try {
          event = JSON.parse(String(e.data)) as ChatSocketEvent;
        } catch {
          return;
        }
        handlers.current.onEvent(event);
      };
      socket.onclose = (e: CloseEvent) => {
        socket = null;
        if (stopped) return;
        if (e.code === CHAT.sessionEndedClose) {
          setState('ended');
          return;
        }
        setState('closed');
        timer = setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [path, enabled]);

  return state;
}
