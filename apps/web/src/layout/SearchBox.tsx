import {
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_PLACEHOLDERS, SEARCH_TYPE, type HotSearch, type SearchType } from '@kc/domain';
import { SearchSuggestions } from '../features/catalog';
import { searchPath } from './links';
import s from './SearchBox.module.css';

/**
 * Seam for the suggestions dropdown (SPEC §4): the box hands it the text and type; the
 * dropdown debounces, caches and renders below the input, and registers a key handler so
 * arrows, Enter and Esc reach it first. The catalogue's dropdown is the default.
 */
export interface SuggestionsProps {
  keywords: string;
  type: SearchType;
  /** Put a suggestion in the box and search it. */
  onPick: (word: string) => void;
  /** The dropdown's key handler; it returns true when it consumed the key. */
  keyHandler: RefObject<((event: KeyboardEvent<HTMLInputElement>) => boolean) | null>;
}

interface Props {
  hot?: HotSearch[];
  /** The dropdown component (the catalogue's suggestions unless a test swaps it). */
  Suggestions?: ComponentType<SuggestionsProps>;
  compact?: boolean;
}

const TYPES: { type: SearchType; label: string }[] = [
  { type: SEARCH_TYPE.medicine, label: '药品' },
  { type: SEARCH_TYPE.manufacturer, label: '厂家' },
];

function typeFromUrl(value: string | null): SearchType {
  return value === String(SEARCH_TYPE.manufacturer) ? SEARCH_TYPE.manufacturer : SEARCH_TYPE.medicine;
}

export function SearchBox({ hot = [], Suggestions = SearchSuggestions, compact = false }: Props) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // On /search the box starts with the query being shown, so the buyer can refine it.
  const [keywords, setKeywords] = useState(() => params.get('keywords') ?? '');
  const [type, setType] = useState<SearchType>(() => typeFromUrl(params.get('type')));
  const keyHandler = useRef<((event: KeyboardEvent<HTMLInputElement>) => boolean) | null>(null);
  // A search started elsewhere (the sticky bar, a hot word) shows its words here too.
  const urlKeywords = params.get('keywords');
  const urlType = params.get('type');
  useEffect(() => {
    if (urlKeywords !== null) setKeywords(urlKeywords);
    if (urlType !== null) setType(typeFromUrl(urlType));
  }, [urlKeywords, urlType]);

  const go = (word: string) => navigate(searchPath(word.trim(), type));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(keywords);
  };
  const pick = (word: string) => {
    setKeywords(word);
    go(word);
  };

  return (
    <div className={`${s.box} ${compact ? s.compact : ''}`} data-search-box>
      <div className={s.tabs} role="radiogroup" aria-label="搜索类型">
        {TYPES.map((t) => (
          <button
            key={t.type}
            type="button"
            role="radio"
            aria-checked={type === t.type}
            className={type === t.type ? s.tabActive : s.tab}
            onClick={() => setType(t.type)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <form className={s.form} role="search" onSubmit={submit}>
        <input
          className={s.input}
          type="search"
          aria-label="搜索"
          autoComplete="off"
          value={keywords}
          placeholder={SEARCH_PLACEHOLDERS[type]}
          onChange={(e) => setKeywords(e.target.value)}
          onKeyDown={(e) => {
            if (keyHandler.current?.(e)) e.preventDefault();
          }}
        />
        <button className={s.submit} type="submit">
          搜索
        </button>
        <Suggestions keywords={keywords} type={type} onPick={pick} keyHandler={keyHandler} />
      </form>
      {!compact && hot.length > 0 && (
        <div className={s.hot} aria-label="热门搜索">
          {hot.map((h) => (
            // Operators may give a hot word its own landing path; otherwise it is a plain search.
            <Link key={h.name} to={h.url?.startsWith('/') ? h.url : searchPath(h.name, SEARCH_TYPE.medicine)}>
              {h.name}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
