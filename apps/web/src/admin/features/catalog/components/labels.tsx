import { Tag } from 'antd';
import {
  GOODS_ZONE_LABELS,
  LOW_STOCK_THRESHOLD,
  RX_CLASS_LABELS,
  STOCK_MOVEMENT_LABELS,
  type GoodsZone,
  type LedgerKind,
  type RxClass,
} from '@kc/domain';

export const zoneOptions = (Object.keys(GOODS_ZONE_LABELS) as GoodsZone[]).map((z) => ({
  value: z,
  label: GOODS_ZONE_LABELS[z],
}));

export const rxOptions = (['none', 'otc_b', 'otc_a', 'rx'] as RxClass[]).map((r) => ({
  value: r,
  label: RX_CLASS_LABELS[r] || '非药品/未分类',
}));

export const kindOptions = (Object.keys(STOCK_MOVEMENT_LABELS) as LedgerKind[]).map((k) => ({
  value: k,
  label: STOCK_MOVEMENT_LABELS[k],
}));

/** Stock with its state: 缺货 / 紧张 (below LOW_STOCK_THRESHOLD) / the number. */
export function StockTag({ stock }: { stock: number }) {
  if (stock <= 0) return <Tag color="red">缺货 0</Tag>;
  if (stock < LOW_STOCK_THRESHOLD) return <Tag color="orange">紧张 {stock}</Tag>;
  return <span>{stock}</span>;
}

export function ShelfTag({ onShelf }: { onShelf: boolean }) {
  return onShelf ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>;
}

export function ExpiryTag({ expired, near }: { expired: boolean; near: boolean }) {
  if (expired) return <Tag color="red">已过期</Tag>;
  if (near) return <Tag color="orange">近效期</Tag>;
  return null;
}

const KIND_COLORS: Partial<Record<LedgerKind, string>> = {
  receive: 'green',
  opening: 'default',
  sale: 'blue',
  cancel: 'cyan',
  adjust: 'orange',
  return: 'purple',
  import: 'geekblue',
  reallocate: 'gold',
};

export function KindTag({ kind }: { kind: LedgerKind }) {
  return <Tag color={KIND_COLORS[kind]}>{STOCK_MOVEMENT_LABELS[kind] ?? kind}</Tag>;
}
