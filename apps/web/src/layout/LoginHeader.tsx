import { Link } from 'react-router';
import type { UserProfile } from '@kc/domain';
import { Logo } from './Logo';
import { QualityLink } from './QualityLink';
import s from './Header.module.css';

/** The slim header of the login, registration and password pages. */
export function LoginHeader({ user }: { user: UserProfile | null }) {
  return (
    <header className={s.loginHeader}>
      <div className={`${s.inner} ${s.loginMain}`}>
        <div className={s.welcome}>
          <Logo />
          <span className={s.welcomeText}>欢迎登录</span>
        </div>
        <nav className={s.loginLinks} aria-label="快捷链接">
          <Link to="/">返回首页</Link>
          <QualityLink user={user} className={s.textButton} />
        </nav>
      </div>
    </header>
  );
}
