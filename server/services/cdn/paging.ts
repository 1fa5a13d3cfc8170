import type { FastifyReply } from 'fastify';
import { contentRange } from '../../engine/list-routes';

/** The cdn convention's paging of a call's list (`offset`, `limit`; defaults from the declaration's query). */
export interface Paging {
  offset: number;
  limit: number;
}

/** A call's paging, as its query was checked (the declared defaults applied). */
export const pagingOf = (input: Record<string, unknown>): Paging => ({ offset: Number(input.offset ?? 0), limit: Number(input.limit ?? 20) });

/** One page of a list in the cdn convention: the rows answered, the total in `Content-Range`. */
export function answerPage<T>(reply: FastifyReply, rows: T[], offset: number, total: number): T[] {
  reply.header('content-range', contentRange(offset, rows.length, total));
  return rows;
}
