/**
 * An image's start command, read without a shell: words split on spaces. Its program is a file of the archive
 * (`./server`, `bin/game`), or one of the interpreters the operator allows (MULTIVERSE_INTERPRETERS, `node` by default)
 * whose script is a file of the archive (`node server.mjs`). Nothing may point outside the archive: no absolute path,
 * no `..`, no program of the machine's own.
 */
export interface StartCommand {
  /** A file of the archive to run, or an allowed interpreter by name. */
  program: { file: string } | { interpreter: string };
  args: string[];
}

export class StartCommandError extends Error {}

const escapes = (word: string) => word.startsWith('/') || word.startsWith('~') || word.split('/').includes('..');
const relative = (word: string) => word.replace(/^(\.\/)+/, '');

/** The command read against the archive's files, or a `StartCommandError` saying why it is refused. */
export function checkStartCommand(command: string, files: ReadonlySet<string>, interpreters: readonly string[]): StartCommand {
  const words = command.trim().split(/\s+/).filter(Boolean);
  if (!words.length) throw new StartCommandError('the start command is empty');
  if (words.some(escapes)) throw new StartCommandError('the start command is outside the archive');
  const [first, ...args] = words;
  if (files.has(relative(first))) return { program: { file: relative(first) }, args };
  if (interpreters.includes(first)) {
    const script = args[0];
    if (!script || !files.has(relative(script))) throw new StartCommandError('the start command names a file the archive does not have');
    return { program: { interpreter: first }, args: [relative(script), ...args.slice(1)] };
  }
  if (first.includes('/')) throw new StartCommandError('the start command names a file the archive does not have');
  throw new StartCommandError('the start command is outside the archive');
}
