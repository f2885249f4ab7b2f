import type { GoodsTag } from '@kc/domain';
import { tagTone } from './tags';
import s from './GoodsTags.module.css';

/** The goods' visible tags in their SPEC §4 colours; the describe text is the tooltip. */
export function GoodsTags({ tags, keepHeight = true }: { tags: GoodsTag[]; keepHeight?: boolean }) {
  const shown = tags.filter((t) => t.is_show === 1);
  if (shown.length === 0) return keepHeight ? <div className={s.tags} /> : null;
  return (
    <div className={s.tags}>
      {shown.map((t, i) => (
        <span
          key={`${t.name}-${i}`}
          className={`${s.tag} ${s[tagTone(t.name)]}`}
          data-tone={tagTone(t.name)}
          title={t.describe || undefined}
        >
          {t.name}
        </span>
      ))}
    </div>
  );
}
