/**
 * Images: `POST /images` keeps the uploaded archive (refusing at once what is not a zip or tar.gz) and makes the
 * image `pending`; the build job then moves it through the steps of spec 001 §4 — download (the archive read back and
 * its digest checked), decompress (within the size and file limits: a zip bomb fails here), check (the start command
 * names a file of the archive), chmod (the program made executable), build (the unpacked tree put in place) — to
 * success, or to failure with the reason, each step in its log. Rebuild (an action) makes it pending again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallInput } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import type { Job } from '../../engine/jobs';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { multiverseModels, SERVICE } from './models';
import { archiveKindOf, readArchive } from './runtime/archive';
import { checkStartCommand, type StartCommand } from './runtime/start-command';
import { readBuiltCommand, writeUnpacked } from './runtime/unpack';
import type { MultiverseSettings } from './settings';
import { archiveOfUpload } from './transfer';

const MAX_LOG_LINES = 200;
const line = (text: string) => ({ at: new Date().toISOString(), line: text });

/** Where an app's image keeps its archive and its unpacked tree (apart per app: two apps' ids never meet). */
export const archiveFileOf = (s: MultiverseSettings, scopeId: string, imageId: string) => join(s.dataDir, 'archives', scopeId, imageId);
export const imageDirOf = (s: MultiverseSettings, scopeId: string, imageId: string) => join(s.dataDir, 'images', scopeId, imageId);

/** The built image's start command, as its build checked it. */
export async function builtCommand(s: MultiverseSettings, scopeId: string, imageId: string): Promise<StartCommand> {
  return readBuiltCommand(imageDirOf(s, scopeId, imageId));
}

export async function uploadImage(ctx: Ctx, s: MultiverseSettings, call: CallInput, fixedId?: string): Promise<Data> {
  const { bytes: file, fileName: uploaded } = await archiveOfUpload(ctx, call);
  const kind = archiveKindOf(file);
  if (!kind) throw badRequest([{ field: '/body', message: 'the upload is not a zip or tar.gz archive' }], 'the upload is not a zip or tar.gz archive');
  const input = call.input as { name?: string; startCommand?: string; fileName?: string };
  const fileName = input.fileName ?? uploaded ?? `${input.name ?? 'build'}.${kind}`;
  const name = input.name ?? nameOf(fileName);
  const startCommand = input.startCommand;
  const sha256 = createHash('sha256').update(file).digest('hex');
  // The archive is in place before the record that the build job picks up.
  const id = fixedId ?? randomUUID();
  const path = archiveFileOf(s, call.scopeId, id);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, file);
  const image = await records(ctx.db, multiverseModels(ctx).images).insert(call.scopeId, {
    name,
    ...(startCommand ? { startCommand } : {}),
    fileName,
    kind,
    size: file.length,
    sha256,
    stepCode: 10,
    logs: [line(`received ${fileName}: ${kind}, ${file.length} bytes, sha256 ${sha256}`)],
  }, { id });
  await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.images.create`, target: String(image.id), after: { name, fileName, startCommand } });
  return image;
}

/** An image's name from its file's: lower case, the archive's extension dropped, other characters as hyphens. */
export function nameOf(fileName: string): string {
  const base = fileName.replace(/\.(zip|tar\.gz|tgz)$/i, '').toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '');
  return (base || 'build').slice(0, 56).replace(/[-.]+$/, '');
}

/** The start command the archive declares in `multiverse.json` at its root, if any. */
function declaredCommand(entries: { path: string; data: Uint8Array }[]): string | undefined {
  const file = entries.find((e) => e.path === 'multiverse.json');
  if (!file) return undefined;
  try {
    const parsed = JSON.parse(new TextDecoder().decode(file.data)) as { startCommand?: unknown };
    return typeof parsed.startCommand === 'string' && parsed.startCommand.trim() ? parsed.startCommand.trim().slice(0, 500) : undefined;
  } catch {
    throw new BuildFailure('multiverse.json is not JSON');
  }
}

class BuildFailure extends Error {}

/** Builds one pending image (claimed by moving it to `download`; another instance's claim leaves it alone). */
export async function buildImage(ctx: Ctx, s: MultiverseSettings, scopeId: string, image: Data): Promise<void> {
  const q = records(ctx.db, multiverseModels(ctx).images);
  const id = String(image.id);
  const logs = [...((image.logs ?? []) as unknown[])];
  let step = 'pending';
  const move = async (to: string, text: string, set: Data = {}) => {
    logs.push(line(text));
    const [hit] = await q.update(scopeId, { id, status: step }, { status: to, set: { logs: logs.slice(-MAX_LOG_LINES), stepCode: to === 'success' ? 30 : to === 'failure' ? 40 : 20, ...set } });
    if (!hit) throw new BuildFailure('the image changed while it was built');
    step = to;
  };
  const work = `${imageDirOf(s, scopeId, id)}.building`;
  try {
    await move('download', 'download: reading the archive back');
    const bytes = await readFile(archiveFileOf(s, scopeId, id)).catch(() => {
      throw new BuildFailure('the archive is missing');
    });
    if (createHash('sha256').update(bytes).digest('hex') !== image.sha256) throw new BuildFailure('the archive does not match its digest');
    await move('decompress', `decompress: ${image.kind}, ${bytes.length} bytes`);
    let entries;
    try {
      entries = readArchive(bytes, { maxBytes: s.imageMaxBytes, maxEntries: s.imageMaxEntries }).entries;
    } catch (e) {
      throw new BuildFailure((e as Error).message);
    }
    const unpacked = entries.reduce((n, e) => n + e.data.length, 0);
    const startCommand = (image.startCommand as string | undefined) ?? declaredCommand(entries);
    if (!startCommand) throw new BuildFailure('the image has no start command');
    await move('check', `check: ${entries.length} files, ${unpacked} bytes; start command '${startCommand}'`, { files: entries.length, unpackedBytes: unpacked, startCommand });
    let command: StartCommand;
    try {
      command = checkStartCommand(startCommand, new Set(entries.map((e) => e.path)), Object.keys(s.interpreters));
    } catch (e) {
      throw new BuildFailure((e as Error).message);
    }
    await move('chmod', 'chmod: writing the files');
    await rm(work, { recursive: true, force: true });
    await writeUnpacked(work, entries, command);
    await move('build_docker_image', 'build: putting the image in place');
    await rm(imageDirOf(s, scopeId, id), { recursive: true, force: true });
    await rename(work, imageDirOf(s, scopeId, id));
    await move('success', 'built', { builtAt: new Date().toISOString(), error: '' });
  } catch (e) {
    await rm(work, { recursive: true, force: true });
    const reason = e instanceof BuildFailure ? e.message : 'the build failed';
    if (!(e instanceof BuildFailure)) logs.push(line(`error: ${(e as Error).message}`));
    logs.push(line(`failed: ${reason}`));
    await q.update(scopeId, { id, status: step }, { status: 'failure', set: { logs: logs.slice(-MAX_LOG_LINES), stepCode: 40, error: reason } });
  }
}

/** Every pending image, oldest first, a few per run. */
export async function buildPending(ctx: Ctx, s: MultiverseSettings): Promise<number> {
  const pending = await records(ctx.db, multiverseModels(ctx).images).findEverywhere({ where: { status: 'pending' }, orderBy: 'createdAt', limit: 5 });
  for (const { scopeId, record } of pending) await buildImage(ctx, s, scopeId, record);
  return pending.length;
}

export const buildJob = (ctx: Ctx, s: MultiverseSettings): Job => ({ name: 'multiverse.images', everyMs: 1000, run: () => buildPending(ctx, s) });

/** A deleted image's archive and unpacked tree go too. */
export async function removeImageFiles(s: MultiverseSettings, scopeId: string, imageId: string): Promise<void> {
  await rm(archiveFileOf(s, scopeId, imageId), { force: true });
  await rm(imageDirOf(s, scopeId, imageId), { recursive: true, force: true });
}

