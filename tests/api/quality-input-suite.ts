import { afterAll, describe, expect, it } from 'vitest';
import { allowedHeaders } from './quality-access';
import { changedTables } from './quality-db';
import { hostileCases } from './quality-hostile';
import { shardOf } from './quality-matrix-suite';
import { probeOf, requestOf } from './quality-requests';
import { errorShapeProblem } from './quality-shape';
import { settledDigest, type World } from './quality-world';

/** Each operation gets at least this many invalid inputs. */
export const MIN_CASES = 100;

/**
 * Hostile input over one shard of every operation with a path parameter, a query or a body: each invalid input is
 * sent with credentials the operation allows, so that validation is what answers. Every answer must be a 4xx in
 * the one error shape, and the database must hold afterwards exactly what it held before.
 */
export function inputSuite(w: World, shard: number, shards: number): void {
  // A WebSocket endpoint's callers and messages are tried over the socket itself (push-connect.test.ts).
  const routes = shardOf(w.h.api.routes, shard, shards).filter((r) => !r.websocket && (r.params || r.querystring || r.body || r.optionalBody));
  const tally = { inputs: 0, operations: 0, fewest: Infinity };

  describe(`hostile input ${shard + 1}/${shards}`, () => {
    afterAll(() => {
      console.log(`hostile input, part ${shard + 1} of ${shards}: ${tally.inputs} invalid inputs over ${tally.operations} operations (at least ${tally.fewest} each)`);
    });

    it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
      const probe = probeOf(w, route);
      const headers = allowedHeaders(w, route);
      // A valid call refused for want of a credential it cannot have (a signature, a password): so is every variant.
      const mark0 = await w.state.writeMark();
      const base = await w.h.req(requestOf(probe, headers));
      if ((await w.state.writeMark()) !== mark0) await w.reset();
      const cases = hostileCases(probe, headers, base.statusCode === 401 || base.statusCode === 403);
      tally.inputs += cases.length;
      tally.operations++;
      tally.fewest = Math.min(tally.fewest, cases.length);
      expect(cases.length).toBeGreaterThanOrEqual(MIN_CASES);
      const mark = await w.state.writeMark();
      const problems: string[] = [];
      for (const c of cases) {
        const res = await w.h.req(c.request);
        if (res.statusCode < 400 || res.statusCode >= 500) problems.push(`${c.why}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        else {
          const shape = errorShapeProblem(res);
          if (shape) problems.push(`${c.why}: ${res.statusCode} ${shape} ${res.body.slice(0, 100)}`);
        }
      }
      if ((await w.state.writeMark()) !== mark) {
        const changed = changedTables(w.baseline, await settledDigest(w));
        if (changed.length) {
          problems.push(`the database changed: ${changed.join(', ')}`);
          await w.reset(changed);
        }
      }
      expect(problems).toEqual([]);
    });
  });
}
