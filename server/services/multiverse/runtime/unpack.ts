/**
 * A checked archive written out as a runnable tree: its files (executable where the archive says so, the start
 * command's program always), and the checked start command beside them in `.lodestar-build.json`, which
 * `readBuiltCommand` reads back when a server starts. Multiverse's image builds and stateful functions' code use it.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArchiveEntry } from './archive';
import type { StartCommand } from './start-command';

const BUILD_FILE = '.lodestar-build.json';

export async function writeUnpacked(dir: string, entries: ArchiveEntry[], command: StartCommand): Promise<void> {
  for (const e of entries) {
    const path = join(dir, e.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, e.data, { mode: e.executable ? 0o755 : 0o644 });
  }
  if ('file' in command.program) await chmod(join(dir, command.program.file), 0o755);
  await writeFile(join(dir, BUILD_FILE), JSON.stringify(command));
}

/** The start command a tree written by `writeUnpacked` runs with. */
export async function readBuiltCommand(dir: string): Promise<StartCommand> {
  return JSON.parse(await readFile(join(dir, BUILD_FILE), 'utf8')) as StartCommand;
}
