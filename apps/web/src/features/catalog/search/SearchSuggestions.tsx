import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { MESSAGES, type SearchType } from '@kc/domain';
import { isCancelled } from '../../../shared/api';
import { fetchSuggestions, isFresh, readCached, SUGGEST_DEBOUNCE_MS } from './suggest';
import s from './SearchSuggestions.module.css';

// The goods rows bring the cart controls: loaded with the first dropdown, not with the page.
const SuggestedGoods = lazy(() => import('./SuggestedGoods'));

export interface SuggestionsProps {
  keywords: string;
  type: SearchType;
  onPick: (word: string) => void;
  keyHandler: RefObject<((event: KeyboardEvent<HTMLInputElement>) => boolean) | null>;
}

type State = { status: 'closed' } | { status: 'searching' } | { status: 'done'; list: string[] };

/**
 * The search box's dropdown (SPEC §4): looks up after a 500 ms pause (session cache first,
 * refreshed when older than 5 s); states 搜索中, 暂无数据 and the results; arrows move, Enter
 * picks the highlighted word (or submits the text), Esc closes.
 */
export function SearchSuggestions({ keywords, type, onPick, keyHandler: keyHandlerRef }: SuggestionsProps) {
  const [state, setState] = useState<State>({ status: 'closed' });
  const [active, setActive] = useState(-1);
  const root = useRef<HTMLDivElement>(null);
  // The text the box started with (from the URL on /search) opens nothing until edited.
  const last = useRef({ keywords, type });

  useEffect(() => {
    const word = keywords.trim();
    if (last.current.keywords.trim() === word && last.current.type === type) return;
    last.current = { keywords, type };
    setActive(-1);
    if (!word) return setState({ status: 'closed' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      // Only while the buyer types here: a hot word or the other bar changing the text opens nothing.
      // (The box: the form, or the whole search box with its medicine/manufacturer toggle.)
      const box = root.current?.closest('[data-search-box]') ?? root.current?.parentElement;
      if (!box?.contains(document.activeElement)) return;
      const cached = readCached(word, type);
      if (cached) setState({ status: 'done', list: cached.list });
      if (isFresh(cached)) return;
      if (!cached) setState({ status: 'searching' });
      fetchSuggestions(word, type, controller.signal).then(
        (list) => setState({ status: 'done', list }),
        (error: unknown) => {
          if (!isCancelled(error)) setState({ status: 'done', list: cached?.list ?? [] });
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [keywords, type]);

  const list = state.status === 'done' ? state.list : [];
  const open = state.status !== 'closed';
  const close = () => {
    setState({ status: 'closed' });
    setActive(-1);
  };
  const pick = (word: string) => {
    // The box now holds the picked word: that change is not a new lookup.
    last.current = { keywords: word, type };
    close();
    onPick(word);
  };

  useEffect(() => {
    keyHandlerRef.current = (event) => {
      if (!open) return false;
      if (event.key === 'Escape') {
        close();
        return true;
      }
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (list.length === 0) return true;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // Cycles through the words and back to the typed text (-1).
        const slots = list.length + 1;
        setActive((i) => ((i + 1 + step + slots) % slots) - 1);
        return true;
      }
      if (event.key === 'Enter') {
        const word = list[active];
        if (word === undefined) {
          close();
          return false; // the form submits the typed text
        }
        pick(word);
        return true;
      }
      return false;
    };
    return () => {
      keyHandlerRef.current = null;
    };
  });

  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      const box = root.current?.closest('[data-search-box]') ?? root.current?.parentElement;
      if (box && !box.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  if (!open) return <div ref={root} hidden />;
  return (
    <div ref={root} className={s.dropdown}>
      {state.status === 'searching' ? (
        <div className={s.note} role="status">
          搜索中…
        </div>
      ) : list.length === 0 ? (
        <div className={s.note} role="status">
          {MESSAGES.empty}
        </div>
      ) : (
        <>
          <ul role="listbox" aria-label="搜索建议" className={s.list}>
            {list.map((word, i) => (
              <li
                key={`${word}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? s.active : s.item}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => {
                  // Keep the focus in the input; pick before it blurs.
                  e.preventDefault();
                  pick(word);
                }}
              >
                {word}
              </li>
            ))}
          </ul>
          <Suspense fallback={null}>
            <SuggestedGoods keywords={keywords.trim()} type={type} onLeave={close} />
          </Suspense>
        </>
      )}
    </div>
  );
}
