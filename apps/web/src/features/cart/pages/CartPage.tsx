import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Checkbox, Skeleton } from 'antd';
import type { CartStateView, CheckoutRefusalView } from '@kc/domain';
import { isMember, useUser } from '../../../shared/session/user';
import { useBatchSelect } from '../api/batch-select';
import { refusalOf, useCheckout } from '../api/checkout';
import { useEditLine } from '../api/edit';
import { useCartList } from '../../../shared/cart/list';
import { CartNotices } from '../components/CartNotices';
import { CartSummary } from '../components/CartSummary';
import { CartTable } from '../components/CartTable';
import { CashbackPanel } from '../components/CashbackPanel';
import { FreeShipping } from '../components/FreeShipping';
import { FullSpendPanel } from '../components/FullSpendPanel';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import { isSelectable } from '../pricing';
import s from '../components/cart.module.css';

export const CHECK_ORDER_PATH = '/cart/step2';

function Cart({ state, fetching }: { state: CartStateView; fetching: boolean }) {
  const navigate = useNavigate();
  const { mutate: edit } = useEditLine();
  const { mutate: select } = useBatchSelect();
  const checkout = useCheckout();
  const confirmDelete = useDeleteConfirm();
  const [refusal, setRefusal] = useState<CheckoutRefusalView | null>(null);
  const lines = state.data;
  const selectable = useMemo(() => lines.filter(isSelectable), [lines]);
  const selectedIds = useMemo(() => lines.filter((l) => l.is_selected === 1).map((l) => l.id), [lines]);
  const allSelected = selectable.length > 0 && selectable.every((l) => l.is_selected === 1);

  const onQuantity = useCallback((id: number, number: number) => edit({ id, number }), [edit]);
  const onSelect = useCallback((ids: number[], selected: boolean) => select({ ids, selected }), [select]);
  const onSelectAll = (selected: boolean) => {
    const ids = selectable.filter((l) => (l.is_selected === 1) !== selected).map((l) => l.id);
    if (ids.length > 0) select({ ids, selected });
  };
  const onCheckout = () => {
    setRefusal(null);
    checkout.mutate(selectedIds, {
      onSuccess: () => void navigate(CHECK_ORDER_PATH),
      onError: (error) => setRefusal(refusalOf(error)),
    });
  };

  return (
    <>
      <CartNotices state={state} refusal={refusal} />
      <div className={s.toolbar}>
        <Checkbox
          checked={allSelected}
          indeterminate={selectedIds.length > 0 && !allSelected}
          disabled={selectable.length === 0}
          onChange={(e) => onSelectAll(e.target.checked)}
        >
          全选
        </Checkbox>
        <span>
          共 {state.total.count} 种商品，已选 {state.total.selected_count} 种
        </span>
        <span className={s.spacer} />
        <Link to="/">继续购物</Link>
      </div>
      <CartTable
        lines={lines}
        loading={fetching && lines.length === 0}
        onQuantity={onQuantity}
        onSelect={onSelect}
        onDelete={confirmDelete}
      />
      {lines.length > 0 && (
        <div className={s.panels}>
          <FreeShipping shipping={state.shipping_data} payable={state.total.payable_amount} />
          <FullSpendPanel activity={state.activity_data.manjians} />
          <CashbackPanel activity={state.activity_data.manfan} />
        </div>
      )}
      <CartSummary
        lines={lines}
        totals={state.total}
        allSelected={allSelected}
        someSelected={selectedIds.length > 0}
        onSelectAll={onSelectAll}
        onDeleteSelected={() => confirmDelete(selectedIds)}
        onCheckout={onCheckout}
        checkingOut={checkout.isPending}
      />
    </>
  );
}

/** /cart (cart step 1): the member's cart; visitors are asked to log in. */
export function CartPage() {
  const user = useUser();
  const member = isMember(user);
  const { data, isFetching } = useCartList(member);
  let body;
  if (!user.show) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!member) {
    body = (
      <div className={s.empty}>
        登录后可查看购物车中的商品，<Link to="/login?redirect=%2Fcart">立即登录</Link>
      </div>
    );
  } else if (!data) body = <Skeleton active paragraph={{ rows: 8 }} aria-label="加载中" />;
  else body = <Cart state={data} fetching={isFetching} />;
  return <div className={s.page}>{body}</div>;
}
