import { declaredDataProvider, type ListCall } from './crud';
import { requireOkWithHeaders } from './http';

/**
 * The data provider of the cdn convention (spec 001 §7): a list is `GET <path>?offset=&limit=&<sort, q, filters>`
 * answering the page's array, with the total in `Content-Range: items <first>-<last>/<total>`. Everything else is
 * common to the conventions (./crud).
 */

/** The convention's largest page; used when a caller asks for every record. */
const FULL_PAGE = 1000;

/** The total a `Content-Range` header gives (`items 0-19/123`; an empty page `items *` and the total); else what was seen. */
export function totalOf(header: string | null, rows: number, offset: number): number {
  const total = /\/(\d+)\s*$/.exec(header ?? '')?.[1];
  return total === undefined ? offset + rows : Number(total);
}

async function fetchPage<T>({ url, options, query }: ListCall, offset: number, limit: number): Promise<{ items: T[]; total: number }> {
  const { body, headers } = await requireOkWithHeaders<T[]>(url, { ...options, query: { ...query, offset, limit } });
  const items = Array.isArray(body) ? body : [];
  return { items, total: totalOf(headers.get('content-range'), items.length, offset) };
}

export const cdnDataProvider = declaredDataProvider({
  async page<T>(call: ListCall, page: number, pageSize: number) {
    const { items, total } = await fetchPage<T>(call, (page - 1) * pageSize, pageSize);
    return { data: items, total };
  },
  async all<T>(call: ListCall) {
    const items: T[] = [];
    for (;;) {
      const answer = await fetchPage<T>(call, items.length, FULL_PAGE);
      items.push(...answer.items);
      if (answer.items.length < FULL_PAGE || items.length >= answer.total) return items;
    }
  },
});
