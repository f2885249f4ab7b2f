import type { LotExpiryView } from '@kc/domain';

/**
 * The expiry of the lots a cart or check-order line would be given (FEFO above the buyer's
 * shelf-life floor), or, in red, why the floor refuses the goods.
 */
export function LotExpiryNote({ expiry }: { expiry: LotExpiryView | null | undefined }) {
  if (!expiry) return null;
  const bad = expiry.below_floor === 1;
  return (
    <div
      data-testid="lot-expiry"
      style={{ fontSize: 12, color: bad ? '#cf1322' : '#8c8c8c', marginTop: 2 }}
      title={expiry.floor_months > 0 ? `您的效期要求：不少于${expiry.floor_months}个月` : undefined}
    >
      {bad ? `⚠ ${expiry.text}` : `${expiry.text}（先到期先发）`}
    </div>
  );
}
