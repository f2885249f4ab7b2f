import { Link } from 'react-router';
import type { UserProfile } from '@kc/domain';
import { Logo } from './Logo';
import { QualityLink } from './QualityLink';
import s from './Header.module.css';

/**
 * The slim header of the login, registration and password pages, titled for the page: 欢迎登录
 * on the login page, the page's own title (会员注册, 多店注册, 找回密码) elsewhere.
 */
export function LoginHeader({ user, title }: { user: UserProfile | null; title: string }) {
  return (
    <header className={s.loginHeader}>
      <div className={`${s.inner} ${s.loginMain}`}>
        <div className={s.welcome}>
          <Logo />
          <span className={s.welcomeText}>{title}</span>
        </div>
        <nav className={s.loginLinks} aria-label="快捷链接">
          <Link to="/">返回首页</Link>
          <QualityLink user={user} className={s.textButton} />
        </nav>
      </div>
    </header>
  );
}
