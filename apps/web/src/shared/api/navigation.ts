/**
 * The bridge the API client (and other non-React code) uses to move around the app. The
 * router installs the real one at start-up, so in-app moves go through react-router rather
 * than reloading the page; until then (and in unit tests) a plain window.location fallback
 * stands in.
 */
export interface NavigationBridge {
  navigate(to: string, opts?: { replace?: boolean }): void;
  /** The current in-app location: pathname plus search. */
  currentPath(): string;
  reload(): void;
  /** Called before moving to /login after a 401/10001, e.g. to forget the cached user. */
  onLoginRequired?(): void;
}

const windowBridge: NavigationBridge = {
  navigate: (to, opts) => (opts?.replace ? window.location.replace(to) : window.location.assign(to)),
  currentPath: () => window.location.pathname + window.location.search,
  reload: () => window.location.reload(),
};

let bridge: NavigationBridge = windowBridge;

/** Installs the router-backed bridge; returns a function that restores the previous one. */
export function setNavigationBridge(next: NavigationBridge): () => void {
  const previous = bridge;
  bridge = next;
  return () => {
    bridge = previous;
  };
}

export const LOGIN_PATH = '/login';

/** The login page with a way back to `from` (the current page when not given). */
export function loginPath(from: string = bridge.currentPath()): string {
  if (from === LOGIN_PATH || from.startsWith(`${LOGIN_PATH}?`)) return from;
  return from && from !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(from)}` : LOGIN_PATH;
}

export const navigation = {
  navigate: (to: string, opts?: { replace?: boolean }) => bridge.navigate(to, opts),
  currentPath: () => bridge.currentPath(),
  reload: () => bridge.reload(),
  /** Sends the visitor to the login page, keeping the way back (SPEC §6). */
  toLogin: () => {
    bridge.onLoginRequired?.();
    const target = loginPath();
    if (target !== bridge.currentPath()) bridge.navigate(target);
  },
};
