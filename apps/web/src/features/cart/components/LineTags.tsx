import { memo } from 'react';
import type { CartLineView } from '@kc/domain';
import { tagTone } from '../../../shared/goods/tags';
import s from './cart.module.css';

interface Shown {
  name: string;
  text: string;
}

/**
 * The tags a line shows: the goods' own (优 新 满 换购 赠 特), the pricing engine's (包邮 …), 秒杀
 * for a flash-sale line, 赠 for an earned gift, 满减 for the line's full-spend share.
 */
function tagsOf(line: CartLineView): Shown[] {
  const out: Shown[] = [];
  if (line.type === 1) out.push({ name: '秒杀', text: '限时秒杀价' });
  if (line.combination === 1) out.push({ name: '特', text: '组合套餐价' });
  for (const t of line.goods.tags ?? []) if (t.is_show === 1) out.push({ name: t.name, text: '' });
  for (const t of line.tags) if (t.is_show === 1) out.push({ name: t.name, text: t.describe });
  if (line.gift_data.total > 0) {
    out.push({ name: '赠', text: `${line.gift_data.name}×${line.gift_data.total}` });
  }
  if (line.goods_manjian_amount !== '0.00') {
    out.push({ name: '满减', text: `满减分摊 -¥${line.goods_manjian_amount}` });
  }
  return out;
}

/** SPEC §4 colours: 优 新 秒 red, 满 orange, 换购 blue/amber, 赠 pink, 特 yellow. */
export const LineTags = memo(function LineTags({ line }: { line: CartLineView }) {
  const tags = tagsOf(line);
  if (tags.length === 0) return null;
  return (
    <div className={s.tags}>
      {tags.map((t, i) => (
        <span key={`${t.name}-${i}`} className={`${s.tag} ${s[tagTone(t.name)]}`} data-tone={tagTone(t.name)}>
          <b>{t.name}</b>
          {t.text && <span className={s.tagText}>{t.text}</span>}
        </span>
      ))}
    </div>
  );
});
