import { useParams, useSearchParams } from 'react-router';
import { PayOrder } from '../components/PayOrder';

const toId = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** /cart/step3/:id 支付订单. */
export function PayPage() {
  const { id } = useParams();
  return <PayOrder id={toId(id)} hm={false} />;
}

/** /cart/hm?id= 支付订单 for orders with 含麻黄碱类复方制剂: the purchaser's identity is recorded. */
export function HmPayPage() {
  const [search] = useSearchParams();
  return <PayOrder id={toId(search.get('id'))} hm />;
}
