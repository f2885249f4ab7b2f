import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { ActivityGoodsRef, AdminGoodsRow, Paginated } from '@kc/domain';
import { api } from '../../shared/api';

/** How a goods reads in a picker: name, specification, maker and list price. */
export const goodsLabel = (g: Pick<ActivityGoodsRef, 'name' | 'ypgg' | 'sccj' | 'price'>) =>
  `${g.name} ${g.ypgg}（${g.sccj}）¥${g.price}`;

type Props = {
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** Labels of goods already chosen (an activity opened for editing), by id. */
  labels?: ReadonlyMap<number, string>;
  placeholder?: string;
  /** How a found goods reads (default: name, specification, maker and list price). */
  format?: (g: AdminGoodsRow) => string;
} & (
  | { multiple: true; value?: number[]; onChange?: (ids: number[]) => void }
  | { multiple?: false; value?: number; onChange?: (id: number | undefined) => void }
);

/**
 * Picks goods by the catalogue's search (name, pinyin initials, approval number): one, or
 * several. Every back-office goods field uses it (lots, the stock ledger, activities,
 * combinations).
 */
export function GoodsSelect(props: Props) {
  const [keyword, setKeyword] = useState('');
  // Labels of what was picked, kept while the operator searches for more.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());
  const found = useQuery({
    queryKey: ['admin', '/api/admin/goods', 'picker', keyword],
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminGoodsRow>>('/api/admin/goods', { keyword, page_size: 20 }, { signal }),
    enabled: keyword.length > 0,
  });
  const format = props.format ?? goodsLabel;
  const options = (found.data?.list ?? []).map((g) => ({ value: g.id, label: format(g) }));
  const chosen = props.value === undefined ? [] : Array.isArray(props.value) ? props.value : [props.value];
  for (const id of chosen) {
    if (options.some((o) => o.value === id)) continue;
    options.push({ value: id, label: picked.get(id) ?? props.labels?.get(id) ?? `商品 ${id}` });
  }
  return (
    <Select
      mode={props.multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder={props.placeholder ?? '输入商品名、拼音首字母或批准文号'}
      aria-label={props['aria-label'] ?? '商品'}
      style={{ width: '100%', ...props.style }}
      value={props.value}
      onChange={(v: number | number[] | undefined) => {
        const next = new Map(picked);
        for (const o of options)
          if (([] as unknown[]).concat(v ?? []).includes(o.value)) next.set(o.value, o.label);
        setPicked(next);
        if (props.multiple) props.onChange?.((v as number[] | undefined) ?? []);
        else props.onChange?.((v as number | undefined) ?? undefined);
      }}
      options={options}
      loading={found.isFetching}
      notFoundContent={keyword ? '没有找到商品' : '请输入关键词搜索'}
    />
  );
}
