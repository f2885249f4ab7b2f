import { describe, expect, it, vi } from 'vitest';
import { createLocalBus, createRedisBus } from './bus.js';
import { silentLog, type Log } from './log.js';

describe('the in-process bus', () => {
  it('delivers each message once to each subscriber of its topic, at once', () => {
    const bus = createLocalBus(silentLog);
    const a = vi.fn();
    const b = vi.fn();
    const other = vi.fn();
    bus.subscribe('content.changed', a);
    bus.subscribe('content.changed', b);
    bus.subscribe('promotions.changed', other);
    bus.publish('content.changed', 'nav');
    expect(a).toHaveBeenCalledExactlyOnceWith('nav');
    expect(b).toHaveBeenCalledExactlyOnceWith('nav');
    expect(other).not.toHaveBeenCalled();
    bus.publish('promotions.changed');
    expect(other).toHaveBeenCalledExactlyOnceWith('');
  });

  it('stops delivering after unsubscribe and after close', async () => {
    const bus = createLocalBus(silentLog);
    const a = vi.fn();
    const b = vi.fn();
    const off = bus.subscribe('t', a);
    bus.subscribe('t', b);
    off();
    bus.publish('t');
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    await bus.ready();
    await bus.close();
    bus.publish('t');
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('logs a failing handler and still delivers to the others', () => {
    const log: Log = { info: vi.fn(), warn: vi.fn() };
    const bus = createLocalBus(log);
    const after = vi.fn();
    bus.subscribe('t', () => {
      throw new Error('boom');
    });
    bus.subscribe('t', after);
    expect(() => bus.publish('t')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ topic: 't' }), 'bus handler failed');
  });
});

describe('the Redis bus without Redis', () => {
  it('warns, keeps local delivery working and closes', async () => {
    const log: Log = { info: vi.fn(), warn: vi.fn() };
    // Nothing listens on port 1: every connection attempt is refused at once.
    const bus = createRedisBus('redis://127.0.0.1:1', { prefix: 'kc:unreachable:', log });
    const got = vi.fn();
    bus.subscribe('content.changed', got);
    bus.publish('content.changed', 'x');
    expect(got).toHaveBeenCalledExactlyOnceWith('x');
    await vi.waitFor(() =>
      expect(log.warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Redis unreachable/)),
    );
    await bus.close();
  });
});
