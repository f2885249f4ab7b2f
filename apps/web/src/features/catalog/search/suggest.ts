import type { SearchType } from '@kc/domain';
import { api } from '../../../shared/api';

/** SPEC §4: suggestions are kept in session storage and looked up again when older than 5 s. */
export const SUGGEST_FRESH_MS = 5_000;
export const SUGGEST_DEBOUNCE_MS = 500;
const PREFIX = 'kc_suggest:';

interface Cached {
  at: number;
  list: string[];
}

const keyOf = (keywords: string, type: SearchType) => `${PREFIX}${type}:${keywords}`;

export function readCached(keywords: string, type: SearchType): Cached | null {
  try {
    const raw = sessionStorage.getItem(keyOf(keywords, type));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Cached>;
    return typeof parsed.at === 'number' && Array.isArray(parsed.list)
      ? { at: parsed.at, list: parsed.list.filter((w): w is string => typeof w === 'string') }
      : null;
  } catch {
    return null;
  }
}

function writeCached(keywords: string, type: SearchType, list: string[]): void {
  try {
    sessionStorage.setItem(keyOf(keywords, type), JSON.stringify({ at: Date.now(), list }));
  } catch {
    // Storage full or blocked (private mode): suggestions still work, uncached.
  }
}

export const isFresh = (c: Cached | null): boolean => !!c && Date.now() - c.at < SUGGEST_FRESH_MS;

/** `GET /api/goods/search?keywords=&type=` → words to suggest. Silent: the box just shows none. */
export async function fetchSuggestions(
  keywords: string,
  type: SearchType,
  signal: AbortSignal,
): Promise<string[]> {
  const data = await api.get<unknown>('/api/goods/search', { keywords, type }, { signal, silent: true });
  const list = Array.isArray(data) ? data.filter((w): w is string => typeof w === 'string') : [];
  writeCached(keywords, type, list);
  return list;
}
