/**
 * The documentation's tutorials are true: each `tutorial.md`, in both languages, is run call by call with the real
 * curl against a server started with the demo data (a fresh one per tutorial, as a reader's first start), and each
 * call answers the status it says and the answer shown after it (rules in `doc-tutorials.ts`). The two languages
 * make the same calls, so one run answers both pages.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { answerMismatches, parseTutorial, tutorialRunner, type Tutorial } from './doc-tutorials';

const SECTIONS = ['passport', 'remote-config', 'cdn', 'upr', 'wind', 'safe', 'baking', 'device', 'crud/save', 'multiverse', 'matchmaking', 'push', 'hello', 'crud/storage', 'stacktrace', 'func/stateless', 'func/stateful', 'sync'];
const LANGS = ['en', 'zh-CN'];

const read = (lang: string, section: string) => readFile(new URL(`../../docs/site/${lang}/${section}/tutorial.md`, import.meta.url), 'utf8');

describe('reading a tutorial', () => {
  it('takes the setup, each call with its status and the answer shown after it', () => {
    const md = [
      '# T',
      '```bash',
      'LODESTAR=http://localhost:3000',
      '```',
      '```bash',
      '# → 201',
      'curl -s -X POST "$LODESTAR/x"',
      '```',
      '```json',
      '{ "id": 1 }',
      '```',
      '```bash',
      'curl -s "$LODESTAR/y"',
      '# → 404',
      '```',
    ].join('\n');
    const t = parseTutorial(md);
    expect(t.calls.map((c) => [c.command, c.status, c.answer])).toEqual([
      ['curl -s -X POST "$LODESTAR/x"', 201, { id: 1 }],
      ['curl -s "$LODESTAR/y"', 404, undefined],
    ]);
  });

  it('refuses a call block without its status, with two calls, or an answer that is not JSON', () => {
    const head = '```bash\nLODESTAR=http://localhost:3000\n```\n';
    expect(() => parseTutorial(`${head}\`\`\`bash\ncurl "$LODESTAR/x"\n\`\`\``)).toThrow(/status/);
    expect(() => parseTutorial(`${head}\`\`\`bash\n# → 200\ncurl "$LODESTAR/x"\ncurl "$LODESTAR/y"\n\`\`\``)).toThrow(/exactly one/);
    expect(() => parseTutorial(`${head}\`\`\`bash\n# → 200\ncurl "$LODESTAR/x"\n\`\`\`\n\`\`\`json\n{ id: 1 }\n\`\`\``)).toThrow(/not JSON/);
    expect(() => parseTutorial('```bash\nAPP_ID=1\n```')).toThrow(/LODESTAR/);
  });
});

describe('matching a shown answer with the real one', () => {
  it('needs every shown field, with its value', () => {
    expect(answerMismatches({ a: 1, b: 'x' }, { a: 1, b: 'x', c: true })).toEqual([]);
    expect(answerMismatches({ a: 1, b: 'x' }, { a: 1 })).toEqual(['$.b: missing from the answer']);
    expect(answerMismatches({ a: { n: 2 } }, { a: { n: 3 } })).toEqual(['$.a.n: shown 2, answered 3']);
    expect(answerMismatches({ a: [1, 2] }, { a: [1] })).toEqual(['$.a: shown 2 items, answered 1']);
    expect(answerMismatches({ a: '1' }, { a: 1 })).toHaveLength(1);
  });

  it('takes any UUID for a UUID, any date-time for a date-time, and a prefix ending in … for strings that start so', () => {
    const shown = { id: '40d01637-4542-4205-b72e-7c0a611e32cb', at: '2026-11-26T08:28:27.310Z', secret: '…', token: 'pt_…' };
    const real = { id: '0b7c2c6e-1111-4a2b-9c3d-000000000000', at: '2027-01-01T00:00:00Z', secret: 'e5dc3c36', token: 'pt_abc' };
    expect(answerMismatches(shown, real)).toEqual([]);
    expect(answerMismatches({ id: '40d01637-4542-4205-b72e-7c0a611e32cb' }, { id: 'player-1' })).toHaveLength(1);
    expect(answerMismatches({ token: 'pt_…' }, { token: 'xx' })).toHaveLength(1);
    expect(answerMismatches({ name: 'Demo Game' }, { name: 'Other Game' })).toHaveLength(1);
  });
});

const tutorials = new Map<string, Tutorial>();
beforeAll(async () => {
  for (const section of SECTIONS) for (const lang of LANGS) tutorials.set(`${lang}/${section}`, parseTutorial(await read(lang, section)));
});

describe.each(SECTIONS)('the %s tutorial', (section) => {
  it('makes the same calls in English and in Chinese', () => {
    const calls = (lang: string) => tutorials.get(`${lang}/${section}`)!.calls.map((c) => [c.command, c.status]);
    expect(calls('zh-CN')).toEqual(calls('en'));
    expect(calls('en').length).toBeGreaterThanOrEqual(5);
  });

  // The two pages make the same calls (above): one fresh server runs them once, and each page's shown answers are
  // held against the same real ones.
  describe('run against a fresh server with the demo data', () => {
    let h: Harness;
    let runner: Awaited<ReturnType<typeof tutorialRunner>>;
    beforeAll(async () => {
      h = await startHarness();
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      runner = await tutorialRunner(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`);
    });
    afterAll(async () => {
      await runner?.close();
      await h?.close();
    });

    it('answers every call as each page shows, in order', async () => {
      const pages = LANGS.map((lang) => ({ lang, calls: tutorials.get(`${lang}/${section}`)!.calls }));
      for (const [i, call] of pages[0].calls.entries()) {
        const { status, body } = await runner.run(call.script);
        for (const { lang, calls } of pages) {
          const where = `${lang}/${section}/tutorial.md line ${calls[i].line}`;
          expect(status, `${where}: ${JSON.stringify(body)}`).toBe(calls[i].status);
          if (calls[i].answer !== undefined) expect(answerMismatches(calls[i].answer, body), where).toEqual([]);
        }
      }
      // A liveness bound for a page's every block (a function's or a database's start among them) on a loaded machine.
    }, 240_000);
  });
});
