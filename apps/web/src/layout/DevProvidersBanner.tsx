/**
 * Shown across the top of every storefront page when a production server runs on development
 * providers (DEV_PROVIDERS=on, a demo), so nobody mistakes it for a shop that sends texts or
 * takes money. In development the simulators' own 开发环境 labels say enough, and the server
 * sends `dev_providers: false`.
 */
export function DevProvidersBanner({ show }: { show: boolean | undefined }) {
  if (!show) return null;
  return (
    <div
      role="alert"
      style={{
        background: '#fff7e6',
        borderBottom: '1px solid #ffd591',
        color: '#d46b08',
        fontSize: 13,
        lineHeight: '32px',
        textAlign: 'center',
      }}
    >
      开发环境服务：短信、微信、支付、物流为模拟，不会真实发送或扣款
    </div>
  );
}
