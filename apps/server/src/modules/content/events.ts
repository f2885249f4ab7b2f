/**
 * Content writes announce themselves here so that readers holding assembled replies in memory
 * (the common-data cache in flows/common.ts) drop them at once instead of waiting for their
 * TTL. In-process only: other instances rely on the short TTL (see docs/api/content.md).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Subscribes to content changes; returns the unsubscribe function. */
export function onContentChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by every content service write, after the write. */
export function contentChanged(): void {
  for (const l of listeners) l();
}
