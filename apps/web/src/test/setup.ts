import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// findBy…/waitFor wait up to 10 s instead of 1 s: on a loaded 2-core CI machine a page's first
// render with antd can take longer than a second, and a wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs antd's responsive and overflow helpers call on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// jsdom's getComputedStyle throws "not implemented" for pseudo-elements, which antd asks for
// when measuring scrollbars; the element's own style is a good enough answer in tests.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Scrolling is not implemented in jsdom; the scroll-restoration behaviour is tested by its calls.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// A browser that holds a member session carries the server's readable marker beside it
// (shared/session/user.ts); the tests stub `/api/user/base` to say member or visitor, so the
// marker is there unless a test is about a browser that has never signed in.
beforeEach(() => {
  document.cookie = 'kc_signed_in=1; path=/';
});

// React schedules the flush of a commit's passive effects as a Scheduler task (setImmediate in
// Node) that reads `window.event`. A reply that lands just before a file ends queues such a task;
// if vitest tears jsdom down before it runs, it throws "window is not defined" as an unhandled
// error after every test passed. So each test ends by unmounting and then letting the queued
// tasks run: one turn of the real timers (captured here, before any test installs fake ones)
// comes after the setImmediate queue.
const realSetTimeout = globalThis.setTimeout;
const settle = () => new Promise<void>((resolve) => realSetTimeout(resolve, 0));

afterEach(async () => {
  cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  await settle();
});

afterAll(settle);
