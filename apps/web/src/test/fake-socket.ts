import { act } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import type { ChatSocketEvent } from '@kc/domain';

/**
 * A stand-in for the browser's WebSocket that the test drives: the code under test constructs
 * it, the test opens it and pushes the server's frames. `installFakeSocket()` puts it in place of
 * the global before each test of the file.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  /** The server ends the connection with `code` (1006: dropped; 4401: the session ended). */
  drop(code: number) {
    this.closed = true;
    act(() => this.onclose?.(new CloseEvent('close', { code })));
  }
  push(event: ChatSocketEvent) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) })));
  }
}

/** The socket the code has open now. */
export const openSocket = () => FakeSocket.all.find((s) => !s.closed)!;

export function installFakeSocket(): void {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
}
