import { useQuery } from '@tanstack/react-query';
import type { SearchType } from '@kc/domain';
import { fetchSuggestions, readCached } from './suggest';

/** Pinyin initials as buyers type them (`amxl` for 阿莫西林): letters only. */
export const isInitials = (keywords: string): boolean => /^[a-z]{2,}$/i.test(keywords);

/**
 * The name a buyer meant by pinyin initials, read from the suggestions for them: the
 * characters every suggestion starts with, one per initial (`amxl` → 阿莫西林 when the words
 * are 阿莫西林胶囊, 阿莫西林颗粒…). Null when the words share no such start (the initials
 * were found inside names, or nothing was found): the heading then shows what was typed.
 */
export function searchedName(keywords: string, suggestions: readonly string[]): string | null {
  if (!isInitials(keywords) || suggestions.length === 0) return null;
  const [first, ...rest] = suggestions.map((w) => [...w]);
  let common = first!.length;
  for (const w of rest) {
    let i = 0;
    while (i < common && i < w.length && w[i] === first![i]) i++;
    common = i;
  }
  if (common < keywords.length) return null;
  const name = first!.slice(0, keywords.length).join('');
  // Initials stand for Chinese characters: a Latin start means the buyer typed a real word.
  return /^[\u3400-\u9fff]+$/u.test(name) ? name : null;
}

/** The results heading's name for `keywords`: the meant name for initials, else the words. */
export function useSearchedName(keywords: string, type: SearchType): string {
  const initials = isInitials(keywords);
  const { data } = useQuery({
    queryKey: ['goods', 'suggest', type, keywords],
    queryFn: ({ signal }) => fetchSuggestions(keywords, type, signal),
    initialData: () => readCached(keywords, type)?.list,
    enabled: initials,
    staleTime: 60_000,
  });
  return (initials && data && searchedName(keywords, data)) || keywords;
}
