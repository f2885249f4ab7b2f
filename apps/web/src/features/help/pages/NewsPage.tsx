import { Link, useSearchParams } from 'react-router';
import { Empty, Pagination, Skeleton, Tabs } from 'antd';
import { formatDate } from '../../../shared/format/date';
import { NEWS_PAGE_SIZE, useHelpColumns, useNews } from '../api/help';
import { HelpLayout } from '../components/HelpLayout';
import { NEWS_TABS, newsPath } from '../help-paths';
import s from '../components/help.module.css';

/** /help_news (alias /news): industry news and company news, newest first, ten a page. */
export function NewsPage() {
  const [url, setUrl] = useSearchParams();
  const type = NEWS_TABS.find((t) => String(t.id) === url.get('type'))?.id ?? NEWS_TABS[0].id;
  const page = Math.max(1, Number(url.get('page')) || 1);
  const { data: columns = [] } = useHelpColumns();
  const { data, isPending } = useNews(type, page);
  const tab = NEWS_TABS.find((t) => t.id === type)!;
  return (
    <HelpLayout
      columns={columns}
      newsType={type}
      crumbs={[{ title: '新闻资讯', to: '/help_news' }, { title: tab.name }]}
    >
      <Tabs
        activeKey={String(type)}
        onChange={(key) => setUrl({ type: key })}
        items={NEWS_TABS.map((t) => ({ key: String(t.id), label: t.name }))}
      />
      {isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !data?.list.length ? (
        <Empty description="暂无资讯" />
      ) : (
        <>
          <ul className={s.news} aria-label={tab.name}>
            {data.list.map((a) => (
              <li key={a.id}>
                <div className={s.newsHead}>
                  <Link to={a.url}>{a.title}</Link>
                  <span className={s.muted}>{formatDate(a.published_at)}</span>
                </div>
                {a.summary && <p className={s.newsSummary}>{a.summary}</p>}
              </li>
            ))}
          </ul>
          <Pagination
            className={s.pager}
            current={data.page}
            pageSize={NEWS_PAGE_SIZE}
            total={data.total}
            hideOnSinglePage
            showSizeChanger={false}
            onChange={(next) => setUrl(new URLSearchParams(newsPath(type, next).split('?')[1]))}
          />
        </>
      )}
    </HelpLayout>
  );
}
