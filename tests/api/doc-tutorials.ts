/**
 * Reading and running the documentation's tutorials (`docs/site/<lang>/<section>/tutorial.md`).
 *
 * The convention a tutorial keeps, which its first lines explain to the reader:
 * - its first `bash` block only sets `LODESTAR`, the server's address (the test sets its own);
 * - every later `bash` block makes exactly one `curl` call, and says the status it answers in a comment line
 *   `# → 200`; it may keep values of the answer in variables with `jq` for later blocks (`APP_ID=$(jq … answer.json)`);
 * - a `json` block right after a call's block is that call's answer, as the reader will see it. It matches the real
 *   answer when every field it shows is there with the same value, by these rules: a field or list item it leaves
 *   out is not checked (the real answer may hold more); a UUID stands for any UUID and a date-time for any
 *   date-time (ids and times differ on every run); a string ending in `…` stands for any string that starts with
 *   what comes before the `…` (`"…"`: any string — secrets and tokens).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TutorialCall {
  /** The block as written, minus its comment lines and surrounding blank lines: what the two languages must share. */
  command: string;
  /** The block as the reader copies it. */
  script: string;
  status: number;
  /** The answer shown after the call, parsed, if any. */
  answer?: unknown;
  line: number;
}

export interface Tutorial {
  setup: string;
  calls: TutorialCall[];
}

const FENCE = /^```([\w-]*)\s*$/;

interface Block {
  lang: string;
  text: string;
  line: number;
}

export function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !/^```\s*$/.test(lines[j])) body.push(lines[j++]);
    if (j >= lines.length) throw new Error(`line ${i + 1}: a code block is never closed`);
    blocks.push({ lang: open[1], text: body.join('\n'), line: i + 1 });
    i = j;
  }
  return blocks;
}

const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .trim();

/** The tutorial's setup and calls, checked against the convention above. */
export function parseTutorial(markdown: string): Tutorial {
  const blocks = blocksOf(markdown).filter((b) => b.lang === 'bash' || b.lang === 'json');
  const [first, ...rest] = blocks;
  if (!first || first.lang !== 'bash') throw new Error('a tutorial starts with a bash block that sets LODESTAR');
  if (!/^LODESTAR=\S+$/.test(withoutComments(first.text))) throw new Error(`line ${first.line}: the first bash block must only set LODESTAR`);
  const calls: TutorialCall[] = [];
  for (const block of rest) {
    if (block.lang === 'json') {
      const last = calls.at(-1);
      if (!last || last.answer !== undefined) throw new Error(`line ${block.line}: a json block that follows no call`);
      try {
        last.answer = JSON.parse(block.text);
      } catch (e) {
        throw new Error(`line ${block.line}: the answer is not JSON: ${(e as Error).message}`);
      }
      continue;
    }
    const curls = block.text.match(/(^|[\s($|])curl\s/g) ?? [];
    if (curls.length !== 1) throw new Error(`line ${block.line}: a call block makes exactly one curl call (found ${curls.length})`);
    const status = /^#\s*→\s*(\d{3})\b/m.exec(block.text);
    if (!status) throw new Error(`line ${block.line}: the block does not say its status ("# → 200")`);
    calls.push({ command: withoutComments(block.text), script: block.text, status: Number(status[1]), line: block.line });
  }
  return { setup: first.text, calls };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Where the real answer differs from the one shown (empty when it matches), by the rules above. */
export function answerMismatches(shown: unknown, real: unknown, at = '$'): string[] {
  if (kind(shown) !== kind(real)) return [`${at}: shown ${JSON.stringify(shown)}, answered ${JSON.stringify(real)}`];
  if (Array.isArray(shown)) {
    const items = real as unknown[];
    if (items.length < shown.length) return [`${at}: shown ${shown.length} items, answered ${items.length}`];
    return shown.flatMap((item, i) => answerMismatches(item, items[i], `${at}[${i}]`));
  }
  if (kind(shown) === 'object') {
    const got = real as Record<string, unknown>;
    return Object.entries(shown as Record<string, unknown>).flatMap(([k, v]) =>
      k in got ? answerMismatches(v, got[k], `${at}.${k}`) : [`${at}.${k}: missing from the answer`],
    );
  }
  if (typeof shown === 'string' && typeof real === 'string') {
    if (UUID.test(shown) && UUID.test(real)) return [];
    if (DATE_TIME.test(shown) && DATE_TIME.test(real)) return [];
    if (shown.endsWith('…') && real.startsWith(shown.slice(0, -1))) return [];
  }
  return shown === real ? [] : [`${at}: shown ${JSON.stringify(shown)}, answered ${JSON.stringify(real)}`];
}

/**
 * Runs a tutorial's blocks one after the other in bash, in a directory of their own (cookies and saved answers
 * stay there) that holds the repository's `examples` as the reader's repository folder does, carrying every variable
 * a block sets to the next. `curl` is the real curl, wrapped only to note the
 * status and body of the call while passing the body through to the block's pipes.
 */
export async function tutorialRunner(server: string) {
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-tutorial-'));
  const env = join(dir, '.env.sh');
  await symlink(new URL('../../examples', import.meta.url).pathname, join(dir, 'examples'));
  await writeFile(env, `export LODESTAR=${server}\n`);
  const wrapper = [
    'curl() { command curl -sS -o "$TUTORIAL_DIR/.body" -w "%{http_code}" "$@" > "$TUTORIAL_DIR/.status" || return $?; cat "$TUTORIAL_DIR/.body"; }',
    'set -a',
    `. "${env}"`,
  ].join('\n');
  return {
    /** Runs one call's block; answers its status and body (parsed when JSON) and what it printed. */
    async run(script: string): Promise<{ status: number; body: unknown; output: string }> {
      await rm(join(dir, '.status'), { force: true });
      const program = `${wrapper}\nset -eo pipefail\n${script}\nset +e\nexport -p > "${env}"\n`;
      const output = await new Promise<string>((resolve, reject) =>
        execFile('bash', ['-c', program], { cwd: dir, env: { PATH: process.env.PATH, TUTORIAL_DIR: dir }, timeout: 90_000 }, (err, stdout, stderr) =>
          err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
        ),
      );
      const status = Number(await readFile(join(dir, '.status'), 'utf8'));
      const text = await readFile(join(dir, '.body'), 'utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: compared as text
      }
      return { status, body, output };
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
