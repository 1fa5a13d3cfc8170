/**
 * A declared state action of a record's children applied to all of them at once (`childrenAction`): only the
 * record's own children in the action's `from` states move, each with the history entry the one-record action
 * writes. Declared here only: shelves and their books, which are drafts or out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource } from '../../resources/define';
import { childrenAction } from '../../server/engine/children-actions';
import type { CallInput } from '../../server/engine/declared-calls';
import { records } from '../../server/engine/query';
import type { Data } from '../../server/engine/store';
import type { Harness } from './harness';
import { startTrial, trialService } from './trial-service';

const text = { type: 'string', minLength: 1, maxLength: 64 };

const shop = trialService({
  resources: [
    defineResource({
      name: 'shelves',
      label: { 'zh-CN': '书架', en: 'Shelves' },
      schema: { type: 'object', required: ['name'], properties: { name: text } },
      service: 'trial',
      children: [{ resource: 'books', field: 'shelfId' }],
    }),
    defineResource({
      name: 'books',
      label: { 'zh-CN': '书', en: 'Books' },
      schema: { type: 'object', required: ['name'], properties: { name: text, shelfId: text, status: { type: 'string', readOnly: true } } },
      service: 'trial',
      status: {
        field: 'status',
        initial: 'draft',
        values: { draft: { color: 'default', label: { 'zh-CN': '草稿', en: 'Draft' } }, out: { color: 'green', label: { 'zh-CN': '上架', en: 'Out' } } },
      },
      actions: [{ name: 'release', label: { 'zh-CN': '上架', en: 'Release' }, from: ['draft'], to: 'out' }],
    }),
  ],
});

let h: Harness;
beforeAll(async () => {
  ({ h } = await startTrial(shop));
});
afterAll(() => h.close());

describe("a children's action", () => {
  it("moves the record's children in the action's from states, each with its history entry", async () => {
    const [shelves, books] = [h.ctx.models.get('trial/shelves')!, h.ctx.models.get('trial/books')!];
    const [mine, other] = [await records(h.db, shelves).insert(h.appId, { name: 'Mine' }), await records(h.db, shelves).insert(h.appId, { name: 'Other' })];
    const book = (name: string, shelfId: string, status = 'draft') => records(h.db, books).insert(h.appId, { name, shelfId }, { status });
    const [a, b, c, d] = [await book('A', String(mine.id)), await book('B', String(mine.id)), await book('C', String(mine.id), 'out'), await book('D', String(other.id))];
    const release = childrenAction(h.ctx, shelves, 'books', 'release', 'released');
    const answer = await release({ scopeId: h.appId, actor: 'tester', record: mine } as unknown as CallInput);
    expect(answer).toEqual({ released: 2 });
    const statusOf = async (r: Data) => (await records(h.db, books).get(h.appId, String(r.id))).status;
    expect([await statusOf(a), await statusOf(b), await statusOf(c), await statusOf(d)]).toEqual(['out', 'out', 'out', 'draft']);
    const log = await h.db.query<{ target: string; actor: string; before: { status: string }; after: { status: string } }>(
      "SELECT target, actor, before, after FROM audit_log WHERE action = 'trial.books.release' ORDER BY target",
    );
    expect(log.rows.map((r) => [r.target, r.actor, r.before.status, r.after.status])).toEqual(
      [String(a.id), String(b.id)].sort().map((id) => [id, 'tester', 'draft', 'out']),
    );
    expect(await release({ scopeId: h.appId, actor: 'tester', record: mine } as unknown as CallInput)).toEqual({ released: 0 });
  });

  it("is refused when the resource is not the record's child or the action is not one of its state actions", () => {
    const [shelves, books] = [h.ctx.models.get('trial/shelves')!, h.ctx.models.get('trial/books')!];
    expect(() => childrenAction(h.ctx, books, 'shelves', 'release')).toThrow(/not a child's state action/);
    expect(() => childrenAction(h.ctx, shelves, 'books', 'burn')).toThrow(/not a child's state action/);
  });
});
