import { AccountShell } from '../../../shared/member/AccountShell';
import { useSearchParams } from 'react-router';
import { Empty, Pagination, Skeleton, Tabs } from 'antd';
import type { OrderStatus } from '@kc/domain';
import { useOrderCounts } from '../api/counts';
import { ORDER_PAGE_SIZE } from '../api/keys';
import { useOrderList, type OrderListFilter } from '../api/list';
import { OrderCard } from '../components/OrderCard';
import { OrderFilters, type OrderSearch } from '../components/OrderFilters';
import { ORDER_TABS } from '../components/status';
import s from '../components/order.module.css';

/** The filter the URL holds: `status`, `keywords`, `start_time`, `end_time`, `page`. */
function readFilter(url: URLSearchParams): OrderListFilter {
  const status = Number(url.get('status'));
  const text = (key: string) => url.get(key) || undefined;
  return {
    page: Math.max(1, Number(url.get('page')) || 1),
    status: url.get('status') && status >= 0 && status <= 4 ? (status as OrderStatus) : undefined,
    keywords: text('keywords'),
    start_time: text('start_time'),
    end_time: text('end_time'),
  };
}

function toSearch(filter: OrderListFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && !(k === 'page' && v === 1)) out[k] = String(v);
  return out;
}

/** /order (order_wddd_index): tabs by status with counts, search, dates and pages, all kept in the URL. */
export function OrderListPage() {
  const [url, setUrl] = useSearchParams();
  const filter = readFilter(url);
  const counts = useOrderCounts();
  const list = useOrderList(filter);
  const go = (next: Partial<OrderListFilter>) => setUrl(toSearch({ ...filter, page: 1, ...next }));
  const search: OrderSearch = {
    keywords: filter.keywords,
    start_time: filter.start_time,
    end_time: filter.end_time,
  };
  const orders = list.data?.list ?? [];

  return (
    <AccountShell title="我的订单">
      <Tabs
        activeKey={filter.status === undefined ? 'all' : String(filter.status)}
        onChange={(key) => go({ status: key === 'all' ? undefined : (Number(key) as OrderStatus) })}
        items={ORDER_TABS.map((t) => ({
          key: t.key,
          label: counts.data ? `${t.label}(${counts.data[t.count]})` : t.label,
        }))}
      />
      <OrderFilters
        value={search}
        onSearch={(next) => go({ keywords: undefined, start_time: undefined, end_time: undefined, ...next })}
      />
      {list.isPending ? (
        <Skeleton active />
      ) : orders.length === 0 ? (
        <Empty description="暂无订单" />
      ) : (
        orders.map((order) => <OrderCard key={order.id} order={order} />)
      )}
      {(list.data?.total ?? 0) > ORDER_PAGE_SIZE && (
        <Pagination
          className={s.pager}
          current={filter.page}
          pageSize={ORDER_PAGE_SIZE}
          total={list.data?.total ?? 0}
          showSizeChanger={false}
          showTotal={(total) => `共 ${total} 个订单`}
          onChange={(page) => go({ page })}
        />
      )}
    </AccountShell>
  );
}
