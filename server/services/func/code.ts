/**
 * A function's code: `PUT /func/functions/:id/code` takes a zip or tar.gz archive and the command that starts it,
 * checks both with Multiverse's runtime checks (the archive's limits — a zip bomb stops there — no entry outside its
 * root, a start command naming a file of the archive), and unpacks it at once into a tree of its own, named by its
 * digest; the function then points at it, and every server started after runs it.
 */
import { createHash } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallInput } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { ArchiveError, archiveKindOf, readArchive } from '../multiverse/runtime/archive';
import { checkStartCommand, StartCommandError } from '../multiverse/runtime/start-command';
import { readBuiltCommand, writeUnpacked } from '../multiverse/runtime/unpack';
import { funcModels, SERVICE } from './models';
import type { FuncSettings } from './settings';

/** Where a function's code of one digest is unpacked (apart per app and function). */
export const codeDirOf = (s: FuncSettings, scopeId: string, functionId: string, sha256: string) => join(s.dataDir, 'code', scopeId, functionId, sha256);

const refuse = (message: string) => badRequest([{ field: '/body', message }], message);

export async function uploadCode(ctx: Ctx, s: FuncSettings, call: CallInput): Promise<Data> {
  const file = call.file!;
  const kind = archiveKindOf(file);
  if (!kind) throw refuse('the upload is not a zip or tar.gz archive');
  const input = call.input as { startCommand: string; fileName?: string };
  let entries;
  try {
    entries = readArchive(file, { maxBytes: s.codeMaxBytes, maxEntries: s.codeMaxEntries }).entries;
  } catch (e) {
    if (e instanceof ArchiveError) throw refuse(e.message);
    throw e;
  }
  let command;
  try {
    command = checkStartCommand(input.startCommand, new Set(entries.map((e) => e.path)), Object.keys(s.interpreters));
  } catch (e) {
    if (e instanceof StartCommandError) throw badRequest([{ field: '/startCommand', message: e.message }], e.message);
    throw e;
  }
  const fn = call.record!;
  const id = String(fn.id);
  const sha256 = createHash('sha256').update(file).digest('hex');
  const dir = codeDirOf(s, call.scopeId, id, sha256);
  if (!(await stat(dir).catch(() => undefined))) {
    const work = `${dir}.unpacking`;
    await rm(work, { recursive: true, force: true });
    await writeUnpacked(work, entries, command);
    await rename(work, dir);
  }
  const set = {
    startCommand: input.startCommand.trim(),
    codeFileName: input.fileName ?? `code.${kind}`,
    codeSize: file.length,
    codeFiles: entries.length,
    codeSha256: sha256,
    codeUploadedAt: new Date().toISOString(),
  };
  const [hit] = await records(ctx.db, funcModels(ctx).functions).update(call.scopeId, { id }, { set });
  await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.functions.code`, target: id, after: set });
  return hit.record;
}

/** The function's unpacked code and its start command; undefined when no code was uploaded. */
export async function codeOf(s: FuncSettings, scopeId: string, fn: Data): Promise<{ dir: string; command: Awaited<ReturnType<typeof readBuiltCommand>> } | undefined> {
  if (!fn.codeSha256) return undefined;
  const dir = codeDirOf(s, scopeId, String(fn.id), String(fn.codeSha256));
  const command = await readBuiltCommand(dir).catch(() => undefined);
  return command ? { dir, command } : undefined;
}

/** A deleted function's code goes with it. */
export async function removeCode(s: FuncSettings, scopeId: string, functionId: string): Promise<void> {
  await rm(join(s.dataDir, 'code', scopeId, functionId), { recursive: true, force: true });
}
