import { useCallback, useMemo } from 'react';
import { Button, ConfigProvider, Table, type TableProps } from 'antd';
import type { CartLineView } from '@kc/domain';
import { isSelectable } from '../pricing';
import { LineGoods } from './LineGoods';
import { LineReductions } from '../../../shared/cart/LineReductions';
import { LineTiers } from './LineTiers';
import { QuantityStepper } from '../../../shared/cart/QuantityStepper';
import s from './cart.module.css';

interface Props {
  lines: CartLineView[];
  loading: boolean;
  onQuantity: (id: number, n: number) => void;
  onSelect: (ids: number[], selected: boolean) => void;
  onDelete: (ids: number[]) => void;
}

// Most lines are selected: rows stay white rather than antd's selected blue.
const TABLE_THEME = { components: { Table: { rowSelectedBg: '#fff', rowSelectedHoverBg: '#fafcff' } } };

/**
 * From this many lines the table renders only the rows in view (antd's virtual table), so an
 * edit costs the same for 300 lines as for 30. Smaller carts keep the plain page-long table.
 */
export const VIRTUAL_FROM = 40;
const bodyHeight = () => Math.max(420, window.innerHeight - 240);

const rulesOf = (l: CartLineView) => ({
  zbz: l.goods.zbz,
  qgNumber: l.goods.qg_number ?? 0,
  stock: l.goods.number ?? 0,
  jzl: l.goods.jzl ?? 0,
  roundToCase: l.goods.round_to_case === 1,
});

/** Only the row whose line object changed re-renders its cells (the cache keeps the others). */
const changed = (a: CartLineView, b: CartLineView) => a !== b;

function limitText(l: CartLineView): string {
  const g = l.goods;
  const parts = [`中包装${g.zbz}${g.bzdw}`];
  if (g.qg_number) parts.push(`限购${g.qg_number}${g.bzdw}`);
  if (g.number !== undefined) parts.push(`库存${g.number}${g.bzdw}`);
  return parts.join(' · ');
}

/** The cart lines with selection, stepper, tier states, subtotal and delete (cart step 1). */
export function CartTable({ lines, loading, onQuantity, onSelect, onDelete }: Props) {
  const virtual = lines.length >= VIRTUAL_FROM;
  const selectedKeys = useMemo(() => lines.filter((l) => l.is_selected === 1).map((l) => l.id), [lines]);
  const columns = useMemo<TableProps<CartLineView>['columns']>(
    () => [
      {
        title: '商品信息',
        key: 'goods',
        shouldCellUpdate: changed,
        render: (_, l) => <LineGoods line={l} />,
      },
      {
        title: '单价',
        key: 'price',
        width: 290,
        shouldCellUpdate: changed,
        render: (_, l) => (
          <div>
            <span className={s.price}>¥{l.price}</span>
            {l.raw_price !== l.price && <del className={s.rawPrice}>¥{l.raw_price}</del>}
            <LineTiers tiers={l.ladder} unit={l.goods.bzdw} />
            <LineReductions reductions={l.reductions} />
          </div>
        ),
      },
      {
        title: '数量',
        key: 'number',
        width: 180,
        shouldCellUpdate: changed,
        render: (_, l) => (
          <div>
            <QuantityStepper
              value={l.number}
              rules={rulesOf(l)}
              unit={l.goods.bzdw}
              disabled={!isSelectable(l)}
              onChange={(n) => onQuantity(l.id, n)}
            />
            <div className={s.limits}>{limitText(l)}</div>
          </div>
        ),
      },
      {
        title: '小计',
        key: 'amount',
        width: 120,
        shouldCellUpdate: changed,
        render: (_, l) => <span className={s.subtotal}>¥{l.raw_price_manjian}</span>,
      },
      {
        title: '操作',
        key: 'action',
        width: 80,
        shouldCellUpdate: changed,
        render: (_, l) => (
          <Button
            type="link"
            size="small"
            aria-label={`删除 ${l.goods.name}`}
            onClick={() => onDelete([l.id])}
          >
            删除
          </Button>
        ),
      },
    ],
    [onQuantity, onDelete],
  );
  const onChange = useCallback(
    (keys: React.Key[]) => {
      const next = new Set(keys.map(Number));
      const before = new Set(selectedKeys);
      const on = [...next].filter((id) => !before.has(id));
      const off = [...before].filter((id) => !next.has(id));
      if (on.length > 0) onSelect(on, true);
      if (off.length > 0) onSelect(off, false);
    },
    [selectedKeys, onSelect],
  );
  return (
    <ConfigProvider theme={TABLE_THEME}>
      <Table<CartLineView>
        rowKey="id"
        className={s.table}
        columns={columns}
        dataSource={lines}
        loading={loading}
        pagination={false}
        virtual={virtual}
        scroll={virtual ? { y: bodyHeight() } : undefined}
        locale={{ emptyText: '购物车空空如也，去挑选商品吧' }}
        rowClassName={(l) => (isSelectable(l) ? '' : (s.unavailableRow ?? ''))}
        rowSelection={{
          columnWidth: 48,
          selectedRowKeys: selectedKeys,
          onChange,
          getCheckboxProps: (l) => ({ disabled: !isSelectable(l), 'aria-label': `选择 ${l.goods.name}` }),
        }}
      />
    </ConfigProvider>
  );
}
