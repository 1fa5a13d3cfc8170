import type { JsonSchema } from '../../resources/types';
import { errorSchema, type ResponseDef } from '../engine/api';

/** Paging of the platform API (spec 000 §9): `count` is the page size, `start` the offset. */
export const paging = {
  count: { type: 'integer', minimum: 1, maximum: 9999, default: 20 },
  start: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
} as const;

export const dateTime = { type: 'string', format: 'date-time', maxLength: 40 } as const;
export const email = { type: 'string', format: 'email', maxLength: 254 } as const;

export const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength }) as const;

export const listOf = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['TotalCount', 'Items'],
  properties: { TotalCount: { type: 'integer' }, Items: { type: 'array', items: item } },
});

export const dailySeriesSchema: JsonSchema = {
  type: 'object',
  required: ['Items', 'Total'],
  properties: {
    Items: {
      type: 'array',
      items: { type: 'object', required: ['Date', 'Count'], properties: { Date: { type: 'string', format: 'date' }, Count: { type: 'integer' } } },
    },
    Total: { type: 'integer' },
  },
};

const error = (description: string): ResponseDef => ({ description, schema: errorSchema });

/** The failures most calls share. */
export const failures = {
  400: error('bad input: the failing fields are named'),
  401: error('not signed in'),
  403: error('not allowed'),
};
export const notFoundResponse = error('no such record');
export const tooMany = error('too many requests');
