import { Link, useLocation } from 'react-router';
import { SITE_TITLE, type SiteInfo, type UserProfile } from '@kc/domain';
import { loginPath } from '../shared/api';
import { AddToDesktop } from './AddToDesktop';
import { QualityLink } from './QualityLink';
import { serviceContact, useShellLogout } from './user';
import s from './Header.module.css';

/** The thin grey bar above the header: account, service contacts and the quick links. */
export function TopBar({ user, site }: { user: UserProfile | null; site: SiteInfo | undefined }) {
  const logout = useShellLogout();
  const contact = serviceContact(user, site);
  const { pathname, search } = useLocation();

  return (
    <div className={s.topBar}>
      <div className={s.inner}>
        <div className={s.account}>
          {user ? (
            <>
              <span>您好，</span>
              <Link to="/user" className={s.company}>
                {user.company || user.name || user.username}
              </Link>
              <button type="button" className={s.textButton} onClick={logout}>
                退出
              </button>
            </>
          ) : (
            <>
              <span>您好，欢迎来到{SITE_TITLE}！</span>
              <Link to={loginPath(pathname + search)} className={s.loginLink}>
                登录
              </Link>
              <Link to="/register">免费注册</Link>
            </>
          )}
          {contact.name && (
            <span className={s.contact}>
              {contact.label}：{contact.name} {contact.phone}
            </span>
          )}
          {site?.complaint_line && <span className={s.contact}>投诉热线：{site.complaint_line}</span>}
        </div>
        <ul className={s.quick}>
          <li>
            <Link to="/">首页</Link>
          </li>
          <li>
            <AddToDesktop className={s.textButton} />
          </li>
          <li>
            <Link to="/user">会员中心</Link>
          </li>
          <li>
            <Link to="/order">我的订单</Link>
          </li>
          <li>
            <Link to="/dzfp">电子发票查询</Link>
          </li>
          <li>
            <QualityLink user={user} className={s.textButton} />
          </li>
        </ul>
      </div>
    </div>
  );
}
