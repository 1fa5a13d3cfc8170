import { declaredDataProvider, type ListCall } from './crud';
import { requireOk } from './http';
import type { ListPage } from './types';

/**
 * The data provider of the REST convention (ADR 0001), shared by every service declared with
 * `convention: 'rest'`: lists are `GET <path>?page=&pageSize=&sort=&order=&q=&<filter>=` → `{ total, items }`.
 * Everything else is common to the conventions (./crud).
 */

/** The largest page the convention allows; used when a caller asks for every record. */
const FULL_PAGE = 200;

const fetchPage = <T>({ url, options, query }: ListCall, page: number, pageSize: number) =>
  requireOk<ListPage<T>>(url, { ...options, query: { ...query, page, pageSize } });

export const restDataProvider = declaredDataProvider({
  async page<T>(call: ListCall, page: number, pageSize: number) {
    const answer = await fetchPage<T>(call, page, pageSize);
    return { data: answer.items, total: answer.total };
  },
  async all<T>(call: ListCall) {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await fetchPage<T>(call, page, FULL_PAGE);
      items.push(...answer.items);
      if (answer.items.length < FULL_PAGE || items.length >= answer.total) return items;
    }
  },
});
