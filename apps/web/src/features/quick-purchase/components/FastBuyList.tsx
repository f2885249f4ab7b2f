import { useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Select, Table, type TableProps } from 'antd';
import { MESSAGES, adjustToMiddlePack, type FastBuyItem, type FastBuyOrder } from '@kc/domain';
import { detailPath } from '../../../shared/goods/links';
import { useQuickCart } from '../api/cart';
import { FAST_BUY_PAGE_SIZE, useFastBuy } from '../api/fast-buy';
import { buyable, priceText } from './pick';
import s from './QuickPurchase.module.css';

const ORDERS: { value: FastBuyOrder; label: string }[] = [
  { value: 'times', label: '按采购次数' },
  { value: 'last', label: '按最近采购' },
  { value: 'number', label: '按采购数量' },
];

/** The goods the member buys regularly (`GET /api/user/fast_buy`), each one click from the cart. */
export function FastBuyList() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<FastBuyOrder>('times');
  const { data, isPending } = useFastBuy(page, order);
  const cart = useQuickCart();
  const again = (i: FastBuyItem) => {
    const g = i.goods;
    const { number } = adjustToMiddlePack(i.last_number, {
      zbz: g.zbz,
      jzl: g.jzl,
      roundToCase: g.round_to_case === 1,
      bzdw: g.bzdw,
    });
    cart.mutate([{ goods_id: g.id, number }], {
      onSuccess: (r) =>
        r.skipped.length
          ? void message.warning(`${g.name}：${r.skipped[0]!.reason}`)
          : void message.success(`已将${g.name} ${number}${g.bzdw}加入购物车`),
    });
  };
  const columns: TableProps<FastBuyItem>['columns'] = [
    {
      title: '商品',
      key: 'goods',
      render: (_, { goods: g }) => (
        <div className={s.goods}>
          {g.image && <img src={g.image} alt="" className={s.thumb} loading="lazy" />}
          <div>
            <Link to={detailPath(g.id)} className={s.name}>
              {g.name}
            </Link>
            <div className={s.muted}>
              {g.ypgg} | {g.sccj}
            </div>
          </div>
        </div>
      ),
    },
    { title: '现价', key: 'price', width: 110, render: (_, i) => priceText(i.goods) },
    {
      title: '上次采购价',
      key: 'last_price',
      width: 100,
      render: (_, i) => (i.last_price ? `¥${i.last_price}` : '—'),
    },
    { title: '上次采购', key: 'last_time', width: 110, render: (_, i) => i.last_time.slice(0, 10) },
    { title: '上次数量', key: 'last_number', width: 90, render: (_, i) => `${i.last_number}${i.goods.bzdw}` },
    { title: '采购次数', dataIndex: 'buy_times', key: 'buy_times', width: 90 },
    {
      title: '累计数量',
      key: 'total_number',
      width: 90,
      render: (_, i) => `${i.total_number}${i.goods.bzdw}`,
    },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_, i) =>
        buyable(i.goods) ? (
          <Button
            type="primary"
            size="small"
            loading={cart.isPending && cart.variables?.[0]?.goods_id === i.goods.id}
            onClick={() => again(i)}
          >
            再次购买
          </Button>
        ) : (
          <span className={s.muted}>暂时缺货</span>
        ),
    },
  ];
  return (
    <div className={s.panel}>
      <div className={s.summary}>
        <span>您常买的商品，按上次的数量一键加入购物车</span>
        <Select<FastBuyOrder>
          aria-label="排序"
          value={order}
          options={ORDERS}
          onChange={(o) => {
            setOrder(o);
            setPage(1);
          }}
          style={{ width: 130 }}
        />
      </div>
      <Table<FastBuyItem>
        rowKey={(i) => i.goods.id}
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isPending}
        locale={{ emptyText: MESSAGES.empty }}
        pagination={{
          current: page,
          pageSize: FAST_BUY_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
    </div>
  );
}
