import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { goodsDetailQuery, goodsIdOf, goodsListQuery } from './api/goods';
import { readListParams } from './list/params';

/*
 * A list or detail page's main call, started by its route's loader: on a first visit the
 * router runs it while the page's chunk is still on the way, so the goods are in the cache
 * (or on the wire) when the page first renders, instead of asked for only then (issue 17
 * item 8, decision 078). The page's own query has the same key, so nothing is asked twice;
 * a failure is left to the page's query, which asks again and shows its error.
 */

/** The plain list and search pages (/list, /search and their views): the params come from the URL. */
export function prefetchGoodsList(client: QueryClient, { request }: LoaderFunctionArgs): void {
  void client.prefetchQuery(goodsListQuery(readListParams(new URL(request.url).searchParams)));
}

/** The detail page (/list/info/:id). */
export function prefetchGoodsDetail(client: QueryClient, { params }: LoaderFunctionArgs): void {
  const id = goodsIdOf(params.id);
  if (id > 0) void client.prefetchQuery(goodsDetailQuery(id));
}
