import { Link } from 'react-router';
import { Skeleton } from 'antd';
import type { ArticleDetail } from '@kc/domain';
import { formatDate } from '../../../shared/format/date';
import { ArticleBody } from './ArticleBody';
import s from './help.module.css';

interface Props {
  article: ArticleDetail | undefined;
  loading: boolean;
  /** Dated pages (news) show their publication date and category. */
  dated?: boolean;
  /** Where 返回 goes when the article is missing. */
  back: { to: string; label: string };
}

/** An article's title and body, its loading state, or why it cannot be shown. */
export function ArticleView({ article, loading, dated = false, back }: Props) {
  if (loading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!article)
    return (
      <div role="alert">
        <h1 className={s.title}>文章不存在或已下线</h1>
        <p className={s.muted}>
          该文章可能已被删除或暂未发布。<Link to={back.to}>{back.label}</Link>
        </p>
      </div>
    );
  return (
    <article>
      <h1 className={s.title}>{article.title}</h1>
      {dated ? (
        <div className={s.meta}>
          <span>发布时间：{formatDate(article.published_at)}</span>
          <span>栏目：{article.category_name}</span>
        </div>
      ) : (
        <div className={s.meta} />
      )}
      <ArticleBody html={article.body} />
    </article>
  );
}
