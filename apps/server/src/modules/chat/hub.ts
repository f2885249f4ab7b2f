import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT, type ChatSocketEvent } from '@kc/domain';
import type { Bus } from '../../platform/bus.js';
import type { Log } from '../../platform/log.js';
import { SESSIONS_ENDED_TOPIC } from '../../platform/session-cache.js';
import { canSee, forAudience, type ChatOwner, type ChatViewer } from './service.js';

/** The bus topic every instance listens on; its messages are `ChatNotice` JSON. */
export const CHAT_TOPIC = 'chat';

/** What one instance tells all (itself included) about a conversation. */
export interface ChatNotice {
  memberId: number;
  owner: ChatOwner;
  event: Extract<ChatSocketEvent, { type: 'message' } | { type: 'read' }>;
}

/** Sockets that miss two pings in a row are ended (a laptop lid shut, a dropped network). */
const PING_MS = 25_000;

/** The close code of a socket whose session ended (logout elsewhere, password reset, disabled). */
export const SESSION_ENDED_CLOSE = CHAT.sessionEndedClose;

/** Which of these session ids are still live (the database decides). */
export type LiveSessions = (ids: readonly string[]) => Promise<Set<string>>;

/**
 * This instance's chat sockets. Every notice goes through the bus, so a message written on one
 * instance reaches the sockets held by every other (with Redis; in one process the local bus
 * delivers at once). A member's sockets get their own conversation's events; an operator's get
 * those of the conversations they may see (canSee), images addressed by the back office's URL.
 */
export class ChatHub {
  private readonly members = new Map<number, Set<WebSocket>>();
  private readonly operators = new Map<WebSocket, ChatViewer>();
  private readonly alive = new WeakSet<WebSocket>();
  /** The session each socket was opened with: re-checked at every ping. */
  private readonly sessionOf = new Map<WebSocket, string>();
  private readonly unsubscribe: Array<() => void>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    private readonly log: Log,
    private readonly liveSessions: LiveSessions,
  ) {
    this.unsubscribe = [
      bus.subscribe(CHAT_TOPIC, (raw) => this.deliver(raw)),
      // Sessions ended on any instance: their sockets close now, not at the next ping.
      bus.subscribe(SESSIONS_ENDED_TOPIC, () => void this.checkSessions()),
    ];
    this.timer = setInterval(() => this.ping(), PING_MS);
    this.timer.unref();
  }

  /** Tells every instance's sockets. */
  announce(notice: ChatNotice): void {
    this.bus.publish(CHAT_TOPIC, JSON.stringify(notice));
  }

  addMember(memberId: number, socket: WebSocket, sessionId: string): void {
    const set = this.members.get(memberId) ?? new Set<WebSocket>();
    this.members.set(memberId, set);
    set.add(socket);
    this.watch(socket, sessionId, () => {
      set.delete(socket);
      if (set.size === 0) this.members.delete(memberId);
    });
  }

  addOperator(viewer: ChatViewer, socket: WebSocket, sessionId: string): void {
    this.operators.set(socket, viewer);
    this.watch(socket, sessionId, () => this.operators.delete(socket));
  }

  /**
   * Closes (4401) every socket whose session has ended since it was opened: a logout in
   * another tab, a password reset, a disabled account or operator, an expiry. Runs when the
   * bus tells that sessions ended (at once, on every instance) and at every ping (expiries),
   * so a socket outlives an expired session by at most PING_MS.
   */
  async checkSessions(): Promise<void> {
    if (this.sessionOf.size === 0) return;
    let live: Set<string>;
    try {
      live = await this.liveSessions([...new Set(this.sessionOf.values())]);
    } catch (err) {
      this.log.warn({ err: String(err) }, 'chat: could not re-check the sockets’ sessions');
      return;
    }
    for (const [socket, id] of this.sessionOf)
      if (!live.has(id)) {
        this.sessionOf.delete(socket);
        socket.close(SESSION_ENDED_CLOSE, 'session ended');
      }
  }

  /** How many sockets this instance holds (tests, health). */
  get size(): number {
    let n = this.operators.size;
    for (const s of this.members.values()) n += s.size;
    return n;
  }

  close(): void {
    clearInterval(this.timer);
    for (const stop of this.unsubscribe) stop();
    for (const set of this.members.values()) for (const s of set) s.close(1001, 'server closing');
    for (const s of this.operators.keys()) s.close(1001, 'server closing');
  }

  private watch(socket: WebSocket, sessionId: string, forget: () => void): void {
    this.alive.add(socket);
    this.sessionOf.set(socket, sessionId);
    const gone = () => {
      this.sessionOf.delete(socket);
      forget();
    };
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', gone);
    socket.on('error', gone);
    // The client only listens; anything it sends is ignored (not echoed, not parsed).
    send(socket, { type: 'ready' });
  }

  private ping(): void {
    const all = [...this.operators.keys(), ...[...this.members.values()].flatMap((s) => [...s])];
    for (const s of all) {
      if (!this.alive.has(s)) {
        s.terminate();
        continue;
      }
      this.alive.delete(s);
      s.ping();
    }
    void this.checkSessions();
  }

  private deliver(raw: string): void {
    let n: ChatNotice;
    try {
      n = JSON.parse(raw) as ChatNotice;
    } catch {
      this.log.warn({ raw: raw.slice(0, 200) }, 'chat: unreadable notice on the bus');
      return;
    }
    const e = n.event;
    const toMember = e.type === 'message' ? { ...e, message: forAudience(e.message, 'member') } : e;
    for (const s of this.members.get(n.memberId) ?? []) send(s, toMember);
    const toOperator = e.type === 'message' ? { ...e, message: forAudience(e.message, 'operator') } : e;
    for (const [s, viewer] of this.operators) if (canSee(viewer, n.owner)) send(s, toOperator);
  }
}

function send(socket: WebSocket, event: ChatSocketEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/**
 * A browser's WebSocket carries the site's cookies from any page that opens it, so an upgrade
 * from another site's page (Origin not this host) is refused: cross-site WebSocket hijacking.
 * Clients that are not browsers send no Origin and are judged by their session alone.
 */
export function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    // Both through URL, so a default port written out (host:80 for http:) compares equal.
    const o = new URL(origin);
    return o.host === new URL(`${o.protocol}//${req.host}`).host;
  } catch {
    return false;
  }
}
