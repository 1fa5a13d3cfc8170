/**
 * The protection job: each package `processing` gets its integrity manifest signed with the platform's key, and, when
 * its app protects with the deployment's hardening command, the command run on it; it then succeeds or fails, every
 * step in its log lines. Run by the engine's jobs (one instance at a time).
 */
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Ctx } from '../../context';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { runHardening } from './hardening';
import { manifestKey, signText } from './manifest-key';
import { safeModels } from './models';
import { workFileOf } from './protect';

const MAX_LOG_LINES = 200;
/** Packages finished in one run. */
const BATCH = 20;

const line = (text: string) => ({ at: new Date().toISOString(), line: text });

async function finish(ctx: Ctx, scopeId: string, p: Data, outcome: { ok: boolean; lines: string[]; problem?: string; manifestSha256?: string }): Promise<void> {
  const logs = [...((p.logs ?? []) as unknown[]), ...outcome.lines.map(line)].slice(-MAX_LOG_LINES);
  const set = { logs, finishedAt: new Date().toISOString(), ...(outcome.manifestSha256 ? { manifestSha256: outcome.manifestSha256 } : {}), ...(outcome.problem ? { error: outcome.problem } : {}) };
  await records(ctx.db, safeModels(ctx).protections).update(scopeId, { id: String(p.id), status: 'processing' }, { status: outcome.ok ? 'succeed' : 'failed', set });
}

/** Finishes one package's protection. */
export async function protectOne(ctx: Ctx, scopeId: string, p: Data): Promise<void> {
  const m = safeModels(ctx);
  const key = await manifestKey(ctx.db);
  const manifest = await records(ctx.db, m.manifests).first(scopeId, { where: { protectionId: String(p.id) } });
  if (!manifest) return finish(ctx, scopeId, p, { ok: false, lines: ['the integrity manifest is missing'], problem: 'the integrity manifest is missing' });
  const signed = JSON.stringify({ ...(JSON.parse(String(manifest.signed)) as Data), keyId: key.keyId });
  await records(ctx.db, m.manifests).update(scopeId, { id: String(manifest.id) }, { set: { signed, signature: signText(key, signed), keyId: key.keyId } });
  const manifestSha256 = createHash('sha256').update(signed).digest('hex');
  const lines = [`integrity manifest signed with key ${key.keyId}: ${manifestSha256}`];
  if (p.hardening !== 'manifest+command') return finish(ctx, scopeId, p, { ok: true, lines, manifestSha256 });
  const command = ctx.config.safeHardenCommand;
  const work = workFileOf(ctx, String(p.id), String(p.kind));
  if (!command) return finish(ctx, scopeId, p, { ok: false, lines: [...lines, 'no hardening command is configured'], problem: 'no hardening command is configured', manifestSha256 });
  lines.push('running the hardening command');
  const run = await runHardening(command, work, `${work}.out`);
  await rm(work, { force: true });
  await rm(`${work}.out`, { force: true });
  return finish(ctx, scopeId, p, { ok: run.ok, lines: [...lines, ...run.lines, run.ok ? 'the hardening command succeeded' : run.problem!], manifestSha256, ...(run.problem ? { problem: run.problem } : {}) });
}

/** Every package waiting, oldest first, a batch per run. */
export async function protectWaiting(ctx: Ctx): Promise<number> {
  const waiting = await records(ctx.db, safeModels(ctx).protections).findEverywhere({ where: { status: 'processing' }, orderBy: 'createdAt', limit: BATCH });
  for (const { scopeId, record } of waiting) await protectOne(ctx, scopeId, record);
  return waiting.length;
}

export const protectionJob = (ctx: Ctx): Job => ({ name: 'safe.protections', everyMs: 2000, run: () => protectWaiting(ctx) });
