import { describe, expect, it } from 'vitest';
import { classify, DatabaseUnavailableError, isUnavailable } from '../../server/db/errors';
import { databaseAnswers } from '../../server/db/health';
import type { Queryable } from '../../server/db/types';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    ['the server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['the server starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up on connecting', new Error('timeout exceeded when trying to connect')],
    ['a statement left unanswered', new Error('Query read timeout')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['every address refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('is true for %s', (_what, err) => {
    expect(isUnavailable(err)).toBe(true);
    expect(classify(err)).toBeInstanceOf(DatabaseUnavailableError);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['invalid text', withCode('invalid input syntax for type integer', '22P02')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a cancelled statement', withCode('canceling statement due to statement timeout', '57014')],
    ['a message that merely mentions a connection', withCode('Connection terminated unexpectedly', '23505')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('is false for %s, which is passed on unchanged', (_what, err) => {
    expect(isUnavailable(err)).toBe(false);
    expect(classify(err)).toBe(err);
  });
});

describe('databaseAnswers', () => {
  const db = (query: () => Promise<unknown>): Queryable => ({ query: query as Queryable['query'] });

  it('is true when the database answers', async () => {
    expect(await databaseAnswers(db(async () => ({ rows: [{ '?column?': 1 }], rowCount: 1 })))).toBe(true);
  });

  it('is false when the query fails', async () => {
    expect(await databaseAnswers(db(async () => Promise.reject(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))))).toBe(false);
  });

  it('is false when the database never answers, without waiting for it', async () => {
    expect(await databaseAnswers(db(() => new Promise(() => undefined)), 20)).toBe(false);
  });
});
