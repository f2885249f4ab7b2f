import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { licenceAlertsQuery } from '../shared/member/pay-security';

/**
 * The licence-expiry countdown (issue 17 item 6): from 60 days before one of the member's
 * documents expires, every page says which to renew and how many days are left, so an order is
 * never refused by surprise. Members only; nothing for a visitor or when all are in force.
 */
export function LicenceBanner({ member }: { member: boolean }) {
  const { data } = useQuery({ ...licenceAlertsQuery, enabled: member });
  if (!member || !data || data.list.length === 0) return null;
  const expired = data.list.some((d) => d.days_left < 0);
  return (
    <div
      role="alert"
      aria-label="证件到期提醒"
      style={{
        background: expired ? '#fff1f0' : '#fffbe6',
        borderBottom: `1px solid ${expired ? '#ffa39e' : '#ffe58f'}`,
        color: expired ? '#cf1322' : '#ad6800',
        fontSize: 13,
        lineHeight: '20px',
        padding: '6px 0',
        textAlign: 'center',
      }}
    >
      证件到期提醒：
      {data.list.map((d, i) => (
        <span key={`${d.type}-${d.number}`}>
          {i > 0 && '；'}
          {d.type_name}（{d.number}）
          {d.days_left < 0
            ? `已于${d.valid_to}过期`
            : d.days_left === 0
              ? '今天到期'
              : `还有${d.days_left}天到期（${d.valid_to}）`}
        </span>
      ))}
      。到期后将无法下单，请尽快 <Link to="/zzzj">上传新证件</Link>
    </div>
  );
}
