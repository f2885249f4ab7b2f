import { useParams } from 'react-router';
import { useArticle, useHelpColumns } from '../api/help';
import { ArticleView } from '../components/ArticleView';
import { HelpLayout, type Crumb } from '../components/HelpLayout';
import { COLUMN_ROUTES, NEWS_TABS, columnOf, columnSlugOf, newsPath } from '../help-paths';

/**
 * /help_news_info/:id/:type: one article by its id. News (type = its category) is dated and
 * sits under 新闻资讯; a help article reached this way (type 'help') sits under its column.
 */
export function NewsInfoPage() {
  const params = useParams();
  const raw = Number(params.id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data: columns = [] } = useHelpColumns();
  const article = useArticle(id);
  const a = article.data;
  const tab = NEWS_TABS.find((t) => t.id === (a?.category_id ?? Number(params.type)));
  const col = columnOf(columns, id);
  const crumbs: Crumb[] = tab
    ? [
        { title: '新闻资讯', to: '/help_news' },
        { title: tab.name, to: newsPath(tab.id) },
      ]
    : [
        { title: '帮助中心', to: '/help' },
        ...(col ? [{ title: col.name, to: COLUMN_ROUTES[columnSlugOf(col)] }] : []),
      ];
  if (a) crumbs.push({ title: a.title });
  return (
    <HelpLayout columns={columns} articleId={id} newsType={tab?.id} crumbs={crumbs}>
      <ArticleView
        article={a}
        loading={id !== null && article.isPending}
        dated={Boolean(tab)}
        back={
          tab
            ? { to: newsPath(tab.id), label: `返回${tab.name}` }
            : { to: '/help_news', label: '返回新闻资讯' }
        }
      />
    </HelpLayout>
  );
}
