import { useParams, useSearchParams } from 'react-router';
import { useArticle, useHelpColumns } from '../api/help';
import { ArticleView } from '../components/ArticleView';
import { HelpLayout, type Crumb } from '../components/HelpLayout';
import { COLUMN_ROUTES, columnOf, columnSlugOf, resolveArticle } from '../help-paths';

interface Props {
  /** The column of a fixed route (/help_xrzn → 'xrzn'); else the path's :column. */
  column?: string;
  /** The article of a fixed route (/help/zfps/ddzf → 'ddzf'); else the path's :article. */
  slug?: string;
}

/**
 * A help article: /help/{column}/{article}?id=…, the fixed routes of SPEC §2 (/help/xrzn/hyzc,
 * /help/fwbz/wzzz, /help/zfps/*) and the column pages (/help_xrzn, /help_serve, /help_us,
 * /help/pay), which show their column's first article.
 */
export function HelpArticlePage({ column, slug }: Props) {
  const params = useParams();
  const [url] = useSearchParams();
  const columnsQuery = useHelpColumns();
  const columns = columnsQuery.data ?? [];
  const id = resolveArticle(columns, {
    id: Number(url.get('id')) || null,
    column: column ?? params.column,
    slug: column ? slug : params.article,
  });
  const article = useArticle(id);
  const col = columnOf(columns, id) ?? columns.find((c) => c.id === article.data?.category_id);
  const crumbs: Crumb[] = [{ title: '帮助中心', to: '/help' }];
  if (col) crumbs.push({ title: col.name, to: COLUMN_ROUTES[columnSlugOf(col)] });
  if (article.data) crumbs.push({ title: article.data.title });
  const loading = (id === null && columnsQuery.isPending) || (id !== null && article.isPending);
  return (
    <HelpLayout columns={columns} articleId={id} crumbs={crumbs}>
      <ArticleView article={article.data} loading={loading} back={{ to: '/help', label: '返回帮助中心' }} />
    </HelpLayout>
  );
}
