import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT } from '@kc/domain';
import { FakeSocket, installFakeSocket } from '../../test/fake-socket';
import { useChatSocket } from './useChatSocket';

installFakeSocket();
afterEach(() => {
  vi.useRealTimers();
});

function mount() {
  const onEvent = vi.fn();
  const onReconnect = vi.fn();
  const hook = renderHook(() => useChatSocket(CHAT.memberSocket, true, onEvent, onReconnect));
  return { hook, onEvent, onReconnect };
}

describe('useChatSocket', () => {
  it('reconnects after a drop, waiting longer each time, and asks the page to refetch', () => {
    vi.useFakeTimers();
    const { hook, onEvent, onReconnect } = mount();
    expect(hook.result.current).toBe('connecting');
    FakeSocket.all[0]!.open();
    expect(hook.result.current).toBe('open');
    FakeSocket.all[0]!.push({ type: 'ready' });
    expect(onEvent).toHaveBeenCalledWith({ type: 'ready' });

    FakeSocket.all[0]!.drop(1006);
    expect(hook.result.current).toBe('closed');
    act(() => vi.advanceTimersByTime(999));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);
    // The second attempt fails too: the next wait is 2 s.
    FakeSocket.all[1]!.drop(1006);
    act(() => vi.advanceTimersByTime(1999));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    FakeSocket.all[2]!.open();
    expect(hook.result.current).toBe('open');
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('stops for good when the server closes it because the session ended', () => {
    vi.useFakeTimers();
    const { hook } = mount();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(CHAT.sessionEndedClose);
    expect(hook.result.current).toBe('ended');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
