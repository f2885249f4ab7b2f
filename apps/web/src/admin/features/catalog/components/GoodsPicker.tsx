import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { AdminGoodsRow, Paginated } from '@kc/domain';
import { api } from '../../../../shared/api';
import { GOODS_PATH } from '../api';

/** Picks a goods by the storefront's search (name, pinyin initials, approval number). */
export function GoodsPicker(props: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  style?: React.CSSProperties;
  'aria-label'?: string;
  /** A label to show for `value` before any search (a goods opened from elsewhere). */
  initialLabel?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['admin', GOODS_PATH, 'picker', keyword],
    queryFn: ({ signal }) =>
      api.get<Paginated<AdminGoodsRow>>(GOODS_PATH, { keyword, page_size: 20 }, { signal }),
    enabled: keyword.length > 0,
  });
  const options = (found.data?.list ?? []).map((g) => ({
    value: g.id,
    label: `${g.name} ${g.ypgg}（${g.sccj}）`,
  }));
  if (props.value && props.initialLabel && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.initialLabel });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
      allowClear
      placeholder="输入商品名、拼音首字母或批准文号"
      aria-label={props['aria-label'] ?? '商品'}
      style={{ width: '100%', ...props.style }}
      value={props.value}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      options={options}
      loading={found.isFetching}
      notFoundContent={keyword ? '没有找到商品' : '请输入关键词搜索'}
    />
  );
}
