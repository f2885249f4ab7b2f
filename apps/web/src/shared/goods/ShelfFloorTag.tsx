import type { GoodsItem } from '@kc/domain';
import s from './ShelfFloorTag.module.css';

/**
 * 效期不足12个月: on a list's, an activity page's or the home page's goods whose lots in stock are all under the member's shelf-life
 * floor (`below_floor`, decision 064); the title says why. Nothing for goods that meet it,
 * visitors and members without a floor.
 */
export function ShelfFloorTag({ goods, overlay = false }: { goods: GoodsItem; overlay?: boolean }) {
  const f = goods.below_floor;
  if (!f) return null;
  return (
    <span className={overlay ? `${s.tag} ${s.overlay}` : s.tag} title={f.text}>
      效期不足{f.months}个月
    </span>
  );
}
