import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import s from './help.module.css';

/**
 * An article's HTML. Rendering stored HTML is safe here only because the server sanitises every
 * article body on every write (apps/server/src/modules/content/sanitize.ts: no scripts, event
 * handlers, styles or unsafe links and images) and answers the stored, sanitised HTML. Links to
 * the site's own pages open in the app instead of reloading it.
 */
export function ArticleBody({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const link = (e.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (!link || !href.startsWith('/') || href.startsWith('//') || link.target === '_blank') return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(href);
  };
  return (
    // The links inside are what is interactive (Enter on a link fires this click too).
    <div className={s.article} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
