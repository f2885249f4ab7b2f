import { useSideLinks } from './api/links';
import { AdLink } from '../shared/ui/AdLink';
import s from './Ads.module.css';

/** Side navigation (`GET /api/global/links`): small image links stacked at the left edge. */
export function SideLinks() {
  const { data: links = [] } = useSideLinks(true);
  if (links.length === 0) return null;
  return (
    <nav className={s.side} aria-label="侧边导航">
      {links.map((link) => (
        <AdLink key={link.id} url={link.url} className={s.sideItem} label={link.name || undefined}>
          <img src={link.image} alt={link.name ?? ''} />
        </AdLink>
      ))}
    </nav>
  );
}
