import type { JsonSchema, ResourceDecl } from '../resources/types';
import { declaredDataProvider, type ListCall } from './crud';
import { requireOk, type QueryValue } from './http';

/**
 * The data provider of the passport convention (spec 002 §7): a list is `POST <path>/search` with
 * `{ count, start, sort?, order?, q?, <declared filters> }` answering `{ total, <listKey>: [...] }`; create is
 * `POST <path>`, update `PUT <path>/:id` with the version read, delete `DELETE <path>/:id` (several: one after the
 * other). A list the declaration marks `unpaged` is one `GET <path>` answering every record, paged here. Everything
 * but the list is common to the conventions (./crud).
 */

/** The list helpers' page (spec 002 §7, §9: "paging helper size 50"). */
export const HELPER_PAGE = 50;

type Json = string | number | boolean | null | Json[];

/**
 * A filter's value as its field's type: the body is checked as sent (no coercion), while the console's filter
 * controls hold text. Values that do not convert stay as they are, for the server to refuse.
 */
function typed(schema: JsonSchema | undefined, value: QueryValue): Json | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => typed(schema, v) ?? null);
  if (typeof value !== 'string') return value;
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** The search body of one page: the declared sort, search and filters (typed), then `count` and `start`. */
export function searchBody(decl: ResourceDecl, query: Record<string, QueryValue>, count: number, start: number): Record<string, unknown> {
  const props = (decl.schema.properties ?? {}) as Record<string, JsonSchema>;
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    const v = key === 'sort' || key === 'order' || key === 'q' ? value : typed(props[key], value);
    if (v !== undefined && v !== null && v !== '') body[key] = v;
  }
  return { ...body, count, start };
}

/** The key of the array in a search answer: the declared `listKey`, else the resource's name. */
export const listKeyOf = (decl: ResourceDecl): string => decl.listKey ?? decl.name;

interface SearchAnswer {
  total: number;
  [key: string]: unknown;
}

async function search<T>({ decl, url, options, query }: ListCall, count: number, start: number): Promise<{ items: T[]; total: number }> {
  const answer = await requireOk<SearchAnswer>(`${url}/search`, { ...options, method: 'POST', body: searchBody(decl, query, count, start) });
  const items = answer?.[listKeyOf(decl)];
  return { items: Array.isArray(items) ? (items as T[]) : [], total: Number(answer?.total ?? 0) };
}

/** An unpaged list (`list.unpaged`): one `GET <path>` answers every record. */
async function whole<T>({ decl, url, options }: ListCall): Promise<T[]> {
  const answer = await requireOk<SearchAnswer>(url, { ...options, method: 'GET' });
  const items = answer?.[listKeyOf(decl)];
  return Array.isArray(items) ? (items as T[]) : [];
}

/** Every record: pages of 50 until the total is reached (or a page comes back short); an unpaged list at once. */
export async function searchAll<T>(call: ListCall, page = HELPER_PAGE): Promise<T[]> {
  if (call.decl.list.unpaged) return whole<T>(call);
  const items: T[] = [];
  for (;;) {
    const answer = await search<T>(call, page, items.length);
    items.push(...answer.items);
    if (answer.items.length < page || items.length >= answer.total) return items;
  }
}

export const passportDataProvider = declaredDataProvider({
  async page<T>(call: ListCall, page: number, pageSize: number) {
    if (call.decl.list.unpaged) {
      const all = await whole<T>(call);
      return { data: all.slice((page - 1) * pageSize, page * pageSize), total: all.length };
    }
    const { items, total } = await search<T>(call, pageSize, (page - 1) * pageSize);
    return { data: items, total };
  },
  all: searchAll,
});
