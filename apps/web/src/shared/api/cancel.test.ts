import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../test/fetch-stub';
import { setFeedback } from '../ui/feedback';
import { api } from './client';
import { CancelledError, isCancelled } from './errors';

const shown = { error: vi.fn(), warning: vi.fn(), alert: vi.fn() };
beforeEach(() => {
  vi.clearAllMocks();
  setFeedback(shown);
});
afterEach(() => setFeedback(null));

/** Every request waits until released, so two can be in flight at once. */
function stubHeld() {
  const releases: Array<() => void> = [];
  const stub = stubFetch(() => new Promise((resolve) => releases.push(() => resolve(ok('done')))));
  const releaseAll = async () => {
    // Let the requests reach the stub first: fetch is called after the client's own set-up.
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.splice(0).forEach((release) => release());
  };
  return { ...stub, releaseAll };
}

describe('per-path cancellation (SPEC §7)', () => {
  it('a new request to a path aborts the one in flight, showing nothing', async () => {
    const { releaseAll, calls } = stubHeld();
    const first = api.get('/api/goods/list', { page: 1 }).catch((e: unknown) => e);
    const second = api.get('api/goods/list', { page: 2 });
    await releaseAll();
    const error = await first;
    expect(error).toBeInstanceOf(CancelledError);
    expect(isCancelled(error)).toBe(true);
    await expect(second).resolves.toBe('done');
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(Object.values(shown).every((f) => f.mock.calls.length === 0)).toBe(true);
  });

  it.each([
    '/api/cart',
    'api/cart',
    '/api/favorite',
    'api/favorite/cancel',
    '/api/activity/tap',
    '/api/user/chat/messages',
    '/api/admin/chat/conversations/7/messages',
    '/api/admin/chat/conversations/7/images',
  ])('%s runs requests in parallel', async (path) => {
    const { releaseAll, calls } = stubHeld();
    const both = Promise.all([api.post(path, { goods_ids: [1] }), api.post(path, { goods_ids: [2] })]);
    await releaseAll();
    await expect(both).resolves.toEqual(['done', 'done']);
    expect(calls.every((c) => !c.signal?.aborted)).toBe(true);
  });

  it('requests to different paths do not cancel each other', async () => {
    const { releaseAll } = stubHeld();
    const both = Promise.all([api.get('/api/focus/top'), api.get('/api/focus/right')]);
    await releaseAll();
    await expect(both).resolves.toEqual(['done', 'done']);
  });

  it('the caller aborting its signal cancels quietly', async () => {
    stubFetch(() => 'pending');
    const controller = new AbortController();
    const pending = api
      .get('/api/goods/search', { keywords: 'a' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'CancelledError', reason: 'caller' });
    expect(shown.alert).not.toHaveBeenCalled();
  });

  it('a finished request no longer blocks its path', async () => {
    stubFetch(() => ok(1));
    await api.get('/api/index/spike');
    await expect(api.get('/api/index/spike')).resolves.toBe(1);
  });
});
