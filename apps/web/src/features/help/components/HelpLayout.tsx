import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import type { HelpCategory } from '@kc/domain';
import { COLUMN_ROUTES, NEWS_TABS, articleLink, columnSlugOf, newsPath } from '../help-paths';
import s from './help.module.css';

export interface Crumb {
  title: string;
  to?: string;
}

interface Props {
  columns: readonly HelpCategory[];
  /** The article shown, highlighted in the menu. */
  articleId?: number | null;
  /** The news tab shown, highlighted in the menu. */
  newsType?: number;
  crumbs: Crumb[];
  children: ReactNode;
}

/** The help centre's frame: the column menu on the left (help columns, then news), the page on the right. */
export function HelpLayout({ columns, articleId, newsType, crumbs, children }: Props) {
  const item = (key: string | number, to: string, label: string, active: boolean) => (
    <li key={key}>
      <Link to={to} className={active ? s.active : undefined} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </li>
  );
  return (
    <div className={s.page}>
      <Breadcrumb
        className={s.crumbs}
        items={[{ title: '首页', to: '/' }, ...crumbs].map((c) => ({
          key: c.title,
          title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title,
        }))}
      />
      <div className={s.body}>
        <nav className={s.menu} aria-label="帮助中心栏目">
          <h2 className={s.menuTitle}>
            <Link to="/help">帮助中心</Link>
          </h2>
          {columns.map((col) => {
            const route = COLUMN_ROUTES[columnSlugOf(col)];
            return (
              <section key={col.id} className={s.group}>
                <h3>{route ? <Link to={route}>{col.name}</Link> : col.name}</h3>
                <ul>{col.children.map((i) => item(i.id, articleLink(i), i.name, i.id === articleId))}</ul>
              </section>
            );
          })}
          <section className={s.group}>
            <h3>
              <Link to="/help_news">新闻资讯</Link>
            </h3>
            <ul>{NEWS_TABS.map((t) => item(t.id, newsPath(t.id), t.name, t.id === newsType))}</ul>
          </section>
        </nav>
        {/* The page's one <main> is the storefront layout's; this is the help column beside the menu. */}
        <section className={s.main} aria-label="帮助内容">
          {children}
        </section>
      </div>
    </div>
  );
}
