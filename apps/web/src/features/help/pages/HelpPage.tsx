import { Link } from 'react-router';
import { Skeleton } from 'antd';
import { useHelpColumns } from '../api/help';
import { HelpLayout } from '../components/HelpLayout';
import { COLUMN_ROUTES, NEWS_TABS, articleLink, columnSlugOf, newsPath } from '../help-paths';
import s from '../components/help.module.css';

/** /help: every help column with its articles, and the news. */
export function HelpPage() {
  const { data: columns = [], isPending } = useHelpColumns();
  return (
    <HelpLayout columns={columns} crumbs={[{ title: '帮助中心' }]}>
      <h1 className={s.title}>帮助中心</h1>
      <p className={s.meta}>注册、采购、支付、配送和售后的说明，找不到答案时请联系您的专属客服。</p>
      {isPending ? (
        <Skeleton active />
      ) : (
        <div className={s.overview}>
          {columns.map((col) => {
            const route = COLUMN_ROUTES[columnSlugOf(col)];
            return (
              <section key={col.id} className={s.card} aria-label={col.name}>
                <h3>{route ? <Link to={route}>{col.name}</Link> : col.name}</h3>
                <ul>
                  {col.children.map((i) => (
                    <li key={i.id}>
                      <Link to={articleLink(i)}>{i.name}</Link>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          <section className={s.card} aria-label="新闻资讯">
            <h3>
              <Link to="/help_news">新闻资讯</Link>
            </h3>
            <ul>
              {NEWS_TABS.map((t) => (
                <li key={t.id}>
                  <Link to={newsPath(t.id)}>{t.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </HelpLayout>
  );
}
