import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { chinaDate, lotExpiryOf } from '@kc/domain';
import { isMember, useUser } from '../session/user';
import { shelfFloorQuery } from './pay-security';

/**
 * On a goods page, for a member with a shelf-life floor: whether the lots in stock meet it.
 * Goods whose lots are all under the floor are flagged (placement would refuse them).
 */
export function ShelfFloorNote({
  lots,
  quantity,
  bzdw,
}: {
  lots: { expires_on: string; number: number }[];
  quantity: number;
  bzdw: string;
}) {
  const member = isMember(useUser());
  const { data } = useQuery({ ...shelfFloorQuery, enabled: member });
  const months = data?.shelf_months ?? 0;
  if (!member || months === 0) return null;
  const v = lotExpiryOf(
    lots.map((l) => [l.expires_on, l.number] as const),
    quantity,
    months,
    chinaDate(new Date()),
    bzdw,
  );
  if (!v) return null;
  return (
    <div
      role="note"
      aria-label="效期要求"
      style={{ fontSize: 13, margin: '6px 0', color: v.below_floor ? '#cf1322' : '#389e0d' }}
    >
      {v.below_floor ? `⚠ ${v.text}` : `符合您的效期要求（不少于${months}个月），${v.text}`}{' '}
      <Link to="/zfaq">修改效期要求</Link>
    </div>
  );
}
