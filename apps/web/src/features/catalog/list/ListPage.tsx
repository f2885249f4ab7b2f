import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from 'antd';
import { AppstoreOutlined, BarsOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { isMember, useUser } from '../../../shared/session/user';
import { useFavoriteIds } from '../../../shared/favorites/favorites';
import { useFavoriteToggle } from '../../../shared/favorites/useFavoriteToggle';
import { useGoodsList } from '../api/goods';
import { Empty, ListSkeleton } from '../components/Placeholders';
import { ListFilters, type FilterChoices } from './ListFilters';
import { GoodsGridView, GoodsLinesView, GoodsTableView, type ListView } from './GoodsViews';
import { PAGE_SIZES, readListParams, withChanges, type FixedParams } from './params';
import s from './ListPage.module.css';

export interface ViewLink {
  view: ListView;
  /** The view's own route (/list_table); without one, the same page with `?view=`. */
  pathname?: string;
}

/** `?view=table|noImage` of pages whose views share one route (the zones). */
export const viewFromUrl = (url: URLSearchParams, fallback: ListView = 'grid'): ListView => {
  const v = url.get('view');
  return v === 'table' || v === 'noImage' || v === 'grid' ? v : fallback;
};

export interface ListPageProps {
  title: ReactNode;
  view: ListView;
  /** The view switch; omitted when the page has one view. */
  views?: ViewLink[];
  fixed?: FixedParams;
  filters?: FilterChoices;
  /** A page number carried in the path (/ppzq_index/:page?); paging then changes the path. */
  pathPage?: { page: number; to: (page: number) => string };
  /** Above the list (a zone banner, a brand header). */
  intro?: ReactNode;
}

const VIEW_META: Record<ListView, { label: string; icon: ReactNode }> = {
  grid: { label: '大图', icon: <AppstoreOutlined /> },
  table: { label: '列表', icon: <BarsOutlined /> },
  noImage: { label: '无图', icon: <UnorderedListOutlined /> },
};

/** A goods list page: filters, sorts, one of the three views, pagination, skeleton and empty state. */
export function ListPage({ title, view, views, fixed, filters = {}, pathPage, intro }: ListPageProps) {
  const [url] = useSearchParams();
  const navigate = useNavigate();
  const params = readListParams(url, fixed, pathPage?.page);
  const { data, isPending, isPlaceholderData } = useGoodsList(params);
  const member = isMember(useUser());
  const favorites = useFavoriteIds(data?.list.map((g) => g.id) ?? [], member);
  const { toggle } = useFavoriteToggle();
  const onFavorite = useCallback((id: number, favorite: boolean) => toggle([id], favorite), [toggle]);

  const change = (changes: Record<string, string | number | undefined>) => {
    const search = withChanges(url, changes).toString();
    navigate(pathPage ? { pathname: pathPage.to(1), search } : { search });
  };
  const goPage = (page: number, size: number) => {
    const sizeChange = size !== params.page_size ? { page_size: size } : {};
    if (pathPage) {
      navigate({
        pathname: pathPage.to(page),
        search: withChanges(url, { ...sizeChange, page: undefined }).toString(),
      });
    } else {
      navigate({ search: withChanges(url, { ...sizeChange, page: page > 1 ? page : undefined }).toString() });
    }
    window.scrollTo({ top: 0 });
  };

  const ViewComponent = view === 'grid' ? GoodsGridView : view === 'table' ? GoodsTableView : GoodsLinesView;
  const viewTarget = (v: ViewLink) => {
    if (v.pathname) return { pathname: v.pathname, search: url.toString() };
    return {
      search: withChanges(url, {
        view: v.view === 'grid' ? undefined : v.view,
        page: url.get('page') ?? undefined,
      }).toString(),
    };
  };
  return (
    <div className={s.page}>
      {intro}
      <div className={s.head}>
        <h1 className={s.title}>{title}</h1>
        {data && (
          // A keyword search counts up to the cap only: past it the reply says total_capped.
          <span className={s.total}>
            共 {data.total}
            {data.total_capped ? '+' : ''} 件商品
          </span>
        )}
        {views && views.length > 1 && (
          <nav className={s.views} aria-label="显示方式">
            {views.map((v) => (
              <Link
                key={v.view}
                to={viewTarget(v)}
                className={v.view === view ? s.viewActive : s.view}
                aria-current={v.view === view ? 'page' : undefined}
              >
                {VIEW_META[v.view].icon} {VIEW_META[v.view].label}
              </Link>
            ))}
          </nav>
        )}
      </div>
      <ListFilters params={params} show={filters} onChange={change} />
      <div className={isPlaceholderData ? s.stale : undefined} aria-busy={isPlaceholderData}>
        {isPending ? (
          <ListSkeleton view={view} />
        ) : !data || data.list.length === 0 ? (
          <Empty />
        ) : (
          <ViewComponent goods={data.list} favorites={favorites} onFavorite={onFavorite} />
        )}
      </div>
      {data && data.total > 0 && (
        <Pagination
          className={s.pager}
          align="center"
          current={params.page}
          pageSize={params.page_size}
          total={data.total}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          showQuickJumper
          onChange={goPage}
        />
      )}
    </div>
  );
}
