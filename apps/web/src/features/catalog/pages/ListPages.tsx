import { useParams, useSearchParams } from 'react-router';
import { SEARCH_TYPE } from '@kc/domain';
import { useCommon } from '../../../shared/site/common';
import { ListPage, type ViewLink } from '../list/ListPage';
import { useSearchedName } from '../search/searched-name';

const LIST_VIEWS: ViewLink[] = [
  { view: 'grid', pathname: '/list' },
  { view: 'table', pathname: '/list_table' },
  { view: 'noImage', pathname: '/list_no_image' },
];
const SEARCH_VIEWS: ViewLink[] = [
  { view: 'grid', pathname: '/search' },
  { view: 'table', pathname: '/search_table' },
];
const ALL_FILTERS = { category: true, brand: true, zone: true };

/** The heading of /list: the chosen category's name (root or child), else 全部商品. */
function useCategoryTitle(): string {
  const [url] = useSearchParams();
  const { data } = useCommon();
  const id = Number(url.get('select'));
  for (const root of data?.category ?? []) {
    if (root.id === id) return root.name;
    const child = root.children.find((c) => c.id === id);
    if (child) return `${root.name} › ${child.name}`;
  }
  return '全部商品';
}

function GoodsList({ view }: { view: ViewLink['view'] }) {
  return <ListPage title={useCategoryTitle()} view={view} views={LIST_VIEWS} filters={ALL_FILTERS} />;
}

/** /list, /list_index: the image grid (category links land here: /list?select=3&yx=1). */
export const ListIndexPage = () => <GoodsList view="grid" />;
/** /list_table, /list/table. */
export const ListTablePage = () => <GoodsList view="table" />;
/** /list_no_image, /list/no_image. */
export const ListNoImagePage = () => <GoodsList view="noImage" />;

function SearchResults({ view }: { view: ViewLink['view'] }) {
  const [url] = useSearchParams();
  const keywords = url.get('keywords')?.trim() ?? '';
  const byMaker = url.get('type') === String(SEARCH_TYPE.manufacturer);
  // Initials typed and submitted (`amxl`): the heading names what they stand for (阿莫西林).
  const name = useSearchedName(keywords, byMaker ? SEARCH_TYPE.manufacturer : SEARCH_TYPE.medicine);
  const title = keywords ? `${byMaker ? '厂家' : '药品'}“${name}”的搜索结果` : '全部商品';
  return (
    <ListPage title={title} view={view} views={SEARCH_VIEWS} filters={{ category: true, brand: true }} />
  );
}

/** /search, /search_index: results of the header box (`keywords`, `type`) as a grid. */
export const SearchIndexPage = () => <SearchResults view="grid" />;
/** /search_table, /search/table. */
export const SearchTablePage = () => <SearchResults view="table" />;

/** /list/other/:id/:name?: the medicines of one category, headed by its name. */
export function ListOtherPage() {
  const { id, name } = useParams();
  const select = Number(id);
  return (
    <ListPage
      title={name || '药品列表'}
      view="grid"
      views={[{ view: 'grid' }, { view: 'table' }, { view: 'noImage' }]}
      fixed={{ select: Number.isInteger(select) && select > 0 ? select : undefined }}
      filters={{ brand: true }}
    />
  );
}
