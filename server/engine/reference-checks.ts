import type { ReferenceDecl } from '../../resources/types';
import type { Ctx } from '../context';
import { escapePointer, type FieldError } from './errors';
import type { ResourceModel } from './model';
import { parseReferencePath, type ReferencePath } from './reference-paths';
import { kindPredicate, lit, tableOf } from './sql';
import type { Data } from './store';

/**
 * The write side of declared references (ADR 0015): a create, update, part or import row may not name a record that
 * does not exist in the caller's scope. Every value a write names along the resource's references is looked up in
 * one query, for all its references and (for an import) all its rows; a value naming nothing is a field error at
 * its JSON pointer, with the reference's `message`, as is one naming a record whose `match` fields differ. On an
 * update, values the record already held are not checked again (unless a matched field changed): what a `keep`
 * delete left behind stays as it is, and the record stays editable.
 */

/** A reference's message when it declares none (an English key of `resources/messages/`). */
export const NO_SUCH_RECORD = 'no such record';

/** One value a record names along a reference, and where. */
interface Named {
  pointer: string;
  value: string;
}

const isObject = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The values at the end of a path into a record's values (`variants[].values{}`), with their pointers. */
function alongPath(at: unknown, pointer: string, path: ReferencePath, step: number): Named[] {
  if (step === path.steps.length) {
    if (path.keys) return isObject(at) ? Object.keys(at).map((k) => ({ pointer: `${pointer}/${escapePointer(k)}`, value: k })) : [];
    return typeof at === 'string' ? [{ pointer, value: at }] : [];
  }
  if (!isObject(at)) return [];
  const { prop, each } = path.steps[step];
  const next = at[prop];
  const here = `${pointer}/${escapePointer(prop)}`;
  if (!each) return alongPath(next, here, path, step + 1);
  return Array.isArray(next) ? next.flatMap((item, i) => alongPath(item, `${here}/${i}`, path, step + 1)) : [];
}

/** The values a record names along one reference (a top-level field, or a path into its values). */
export function namedValues(data: Data, ref: ReferenceDecl): Named[] {
  const path = parseReferencePath(ref.field);
  if (path) return alongPath(data, '', path, 0);
  const value = data[ref.field];
  return typeof value === 'string' ? [{ pointer: `/${escapePointer(ref.field)}`, value }] : [];
}

/** A write to check: the fields being written and, for an update, the record as it was. */
export interface ReferringWrite {
  data: Data;
  existing?: Data;
}

interface Target {
  model: ResourceModel;
  by: string;
  /** The referenced record's fields a `match` compares. */
  match: string[];
  values: Set<string>;
}

/** Which of the wanted values exist, per target, each with its matched fields: one query for every target. */
async function existingValues(ctx: Ctx, scopeId: string, targets: Target[]): Promise<Map<string, Data>[]> {
  const found = targets.map(() => new Map<string, Data>());
  const wanted = targets.map((t, i) => ({ t, i })).filter(({ t }) => t.values.size > 0);
  if (wanted.length === 0) return found;
  const params: unknown[] = [scopeId];
  const selects = wanted.map(({ t, i }) => {
    const expr = t.by === 'id' ? 'id' : `(data->>${lit(t.by)})`;
    const param = params.push([...t.values]);
    const matched = `jsonb_build_object(${t.match.map((f) => `${lit(f)}, data->${lit(f)}`).join(', ')})`;
    return `SELECT ${i} AS t, ${expr} AS v, ${matched} AS m FROM ${tableOf(t.model)} WHERE ${kindPredicate(t.model)} AND scope_id = $1 AND ${expr} = ANY($${param}::text[])`;
  });
  const res = await ctx.db.query<{ t: number; v: string; m: Data }>(selects.join(' UNION ALL '), params);
  for (const row of res.rows) found[Number(row.t)].set(row.v, row.m);
  return found;
}

/**
 * The field errors of each write's references to records that do not exist in the scope, in the order of the
 * writes (and, within one, of the declared references and their values).
 */
export async function referenceErrors(ctx: Ctx, m: ResourceModel, scopeId: string, writes: ReferringWrite[]): Promise<FieldError[][]> {
  const refs = m.res.references ?? [];
  if (refs.length === 0) return writes.map(() => []);
  const targets = new Map<string, Target>();
  const targetOf = (ref: ReferenceDecl): Target => {
    const match = Object.keys(ref.match ?? {});
    const key = `${ref.resource}|${ref.by ?? 'id'}|${match.join(',')}`;
    let t = targets.get(key);
    if (!t) {
      const model = ctx.models.get(`${m.service.name}/${ref.resource}`);
      if (!model) throw new Error(`${m.service.name}/${m.res.name}: reference ${ref.field} → '${ref.resource}' has no model`);
      t = { model, by: ref.by ?? 'id', match, values: new Set() };
      targets.set(key, t);
    }
    return t;
  };
  const asked = writes.map(({ data, existing }) =>
    refs.map((ref) => {
      const rematch = Object.values(ref.match ?? {}).some((own) => existing?.[own] !== data[own]);
      const held = new Set(existing && !rematch ? namedValues(existing, ref).map((n) => n.value) : []);
      const named = namedValues(data, ref).filter((n) => !held.has(n.value));
      const target = targetOf(ref);
      for (const n of named) target.values.add(n.value);
      return { ref, target, named };
    }),
  );
  const list = [...targets.values()];
  const found = await existingValues(ctx, scopeId, list);
  const matches = (ref: ReferenceDecl, t: Target, v: string, data: Data) => {
    const theirs = found[list.indexOf(t)].get(v);
    return theirs !== undefined && Object.entries(ref.match ?? {}).every(([f, own]) => theirs[f] === data[own]);
  };
  return asked.map((perRef, i) =>
    perRef.flatMap(({ ref, target, named }) =>
      named.filter((n) => !matches(ref, target, n.value, writes[i].data)).map((n) => ({ field: n.pointer, message: ref.message ?? NO_SUCH_RECORD })),
    ),
  );
}
