import { Checkbox, Select } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { GoodsListParams } from '../api/goods';
import { SORT_OPTIONS } from './params';
import { useCommon } from '../../../shared/site/common';
import s from './ListPage.module.css';

/** Zone codes as buyers know them (docs/api/catalog.md `zone`). */
export const ZONE_LABELS: Record<string, string> = {
  zy: '中药饮片',
  qx: '器械专区',
  jm: '加盟专区',
  kx: '控销专区',
  yx: '优选专区',
  ppzq: '品牌专区',
  mrtj: '每日特价',
  spike: '限时秒杀',
  jxq: '近效期专场',
};

export interface FilterChoices {
  category?: boolean;
  brand?: boolean;
  zone?: boolean;
}

interface Props {
  params: GoodsListParams;
  show: FilterChoices;
  onChange: (changes: Record<string, string | number | undefined>) => void;
}

/** Category, brand and zone filters, the sorts and the in-stock switch of a goods list. */
export function ListFilters({ params, show, onChange }: Props) {
  const { data: common } = useCommon();
  const categories = (common?.category ?? []).map((root) => ({
    label: root.name,
    title: root.name,
    options: [
      { value: root.id, label: `全部${root.name}` },
      ...root.children.map((c) => ({ value: c.id, label: c.name })),
    ],
  }));
  const sortBy = (value: string) => {
    if (value === 'default') return onChange({ sort: undefined, order: undefined });
    // Clicking the active price or sales sort again turns its direction round.
    const fallback = value === 'price' ? 'asc' : 'desc';
    const current = params.order ?? fallback;
    const order = params.sort === value ? (current === 'asc' ? 'desc' : 'asc') : undefined;
    onChange({ sort: value, order });
  };
  const active = params.sort ?? 'default';
  const arrow = (value: string) => {
    if (active !== value || value === 'default') return null;
    const dir = params.order ?? (value === 'price' ? 'asc' : 'desc');
    return dir === 'asc' ? <ArrowUpOutlined aria-label="升序" /> : <ArrowDownOutlined aria-label="降序" />;
  };

  return (
    <div className={s.filters}>
      {(show.category || show.brand || show.zone) && (
        <div className={s.filterRow}>
          {show.category && (
            <Select
              className={s.select}
              aria-label="分类"
              placeholder="全部分类"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={params.select}
              options={categories}
              onChange={(v: number | undefined) => onChange({ select: v })}
            />
          )}
          {show.brand && (
            <Select
              className={s.select}
              aria-label="品牌"
              placeholder="全部品牌"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={params.brand}
              options={(common?.brand ?? []).map((b) => ({ value: b.id, label: b.name }))}
              onChange={(v: number | undefined) => onChange({ brand: v })}
            />
          )}
          {show.zone && (
            <Select
              className={s.select}
              aria-label="专区"
              placeholder="全部专区"
              allowClear
              value={params.zone}
              options={Object.entries(ZONE_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v: string | undefined) => onChange({ zone: v })}
            />
          )}
        </div>
      )}
      <div className={s.sortRow} role="group" aria-label="排序">
        {SORT_OPTIONS.map((o) => (
          <button
            key={o.value}
            type="button"
            aria-pressed={active === o.value}
            className={active === o.value ? s.sortActive : s.sort}
            onClick={() => sortBy(o.value)}
          >
            {o.label} {arrow(o.value)}
          </button>
        ))}
        <Checkbox
          className={s.inStock}
          checked={params.in_stock === 1}
          onChange={(e) => onChange({ in_stock: e.target.checked ? 1 : undefined })}
        >
          仅看有货
        </Checkbox>
      </div>
    </div>
  );
}
