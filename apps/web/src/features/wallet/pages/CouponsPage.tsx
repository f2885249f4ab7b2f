import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pagination, Spin, Tabs } from 'antd';
import { Link } from 'react-router';
import { AccountShell } from '../../../shared/member/AccountShell';
import { CouponCard } from '../components/CouponCard';
import cs from '../components/CouponCard.module.css';
import { couponsQuery } from '../api/wallet';
import s from './wallet.module.css';

type Status = 'unused' | 'used' | 'expired';
const TABS: { key: Status; label: string }[] = [
  { key: 'unused', label: '未使用' },
  { key: 'used', label: '已使用' },
  { key: 'expired', label: '已过期' },
];

/** The coupon wallet: `type` 1 is /yhq (优惠券: 满减, 折扣), 2 is /xjq (现金券), by status tabs. */
function CouponWallet({ type, title }: { type: 1 | 2; title: string }) {
  const [status, setStatus] = useState<Status>('unused');
  const [page, setPage] = useState(1);
  const q = useQuery(couponsQuery(type, status, page));
  const counts = q.data?.counts;
  const what = type === 1 ? '优惠券' : '现金券';

  return (
    <AccountShell title={title} extra={<Link to="/lqzx">去领券中心 &gt;</Link>}>
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as Status);
          setPage(1);
        }}
        items={TABS.map((t) => ({ key: t.key, label: `${t.label}（${counts?.[t.key] ?? 0}）` }))}
      />
      <Spin spinning={q.isLoading}>
        {q.data && q.data.list.length === 0 ? (
          <div className={s.empty}>
            暂无{TABS.find((t) => t.key === status)!.label}的{what}
          </div>
        ) : (
          <div className={cs.grid}>
            {(q.data?.list ?? []).map((c) => (
              <CouponCard key={c.id} coupon={c} />
            ))}
          </div>
        )}
      </Spin>
      {(q.data?.total ?? 0) > 12 && (
        <Pagination
          className={s.pager}
          current={page}
          pageSize={12}
          total={q.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </AccountShell>
  );
}

/** /yhq: my coupons (满减, 折扣). */
export function CouponsPage() {
  return <CouponWallet type={1} title="优惠券" />;
}

/** /xjq: my cash vouchers (现金券), used at check order in the voucher slot. */
export function VouchersPage() {
  return <CouponWallet type={2} title="现金券" />;
}
