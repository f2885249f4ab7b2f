import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CloseOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { SiteInfo, UserProfile } from '@kc/domain';
import { ServiceLinks } from './ServiceLinks';
import s from './RightToolbar.module.css';

// The lines (antd list parts, the cart calls) load with the first opening of the drawer, so
// they stay out of every page's first load.
const CartDrawerLines = lazy(async () => ({ default: (await import('../features/cart')).CartDrawerLines }));

interface Props {
  user: UserProfile | null;
  site: SiteInfo | undefined;
  onClose: () => void;
}

/**
 * The cart drawer's content (SPEC §2): it mounts when the drawer has opened, so the cart is
 * read then and only then; lines with a delete confirmation, the way to /cart and a chat link.
 */
export function CartPanel({ user, site, onClose }: Props) {
  return (
    <div className={s.panel}>
      <div className={s.panelHead}>
        <span>我的购物车{user ? <span className={s.headCount}>（{user.cart}）</span> : null}</span>
        <button type="button" className={s.close} aria-label="关闭购物车" onClick={onClose}>
          <CloseOutlined />
        </button>
      </div>
      {user ? (
        <div className={s.panelLines}>
          <Suspense fallback={null}>
            <CartDrawerLines />
          </Suspense>
        </div>
      ) : (
        <div className={s.panelBody}>
          <ShoppingCartOutlined className={s.panelIcon} aria-hidden />
          <p>登录后即可查看购物车中的商品</p>
          <Link to="/login" className={s.primary}>
            立即登录
          </Link>
        </div>
      )}
      <div className={s.panelFoot}>
        {user && (
          <Link to="/cart" className={s.primary}>
            去购物车结算
          </Link>
        )}
        <ServiceLinks
          user={user}
          site={site}
          className={s.serviceText}
          render={(kind, i) => (kind === 'chat' ? '联系客服' : `联系客服（QQ${i + 1}）`)}
        />
      </div>
    </div>
  );
}
