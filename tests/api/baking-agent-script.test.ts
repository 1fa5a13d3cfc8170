import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, newSession, S, startBaking, type BakingHarness } from './baking-fixtures';

const run = promisify(execFile);

let h: BakingHarness;
let address: string;
let blobDir: string;
beforeAll(async () => {
  h = await startBaking('script');
  blobDir = await mkdtemp(join(tmpdir(), 'lodestar-baking-agent-'));
  h.ctx.config.blobDir = blobDir;
  address = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  await rm(blobDir, { recursive: true, force: true });
});

/** The reference agent, run once against the listening server with the baking app's credential. */
async function agentOnce(name: string, command: string) {
  const [appId, secret] = Buffer.from(h.bakingBasic.slice('Basic '.length), 'base64').toString().split(':');
  return run(process.execPath, ['agents/baking/agent.mjs'], {
    env: { ...process.env, BAKING_API: `${address}${BASE}`, BAKING_APP_ID: appId, BAKING_APP_SECRET: secret, BAKING_AGENT_NAME: name, BAKING_INSTANCE_TYPE: 'cpu-4', BAKING_ONCE: '1', BAKING_POLL_MS: '100', BAKING_COMMAND: command },
    timeout: 30_000,
  });
}

describe('the reference agent', () => {
  it('claims the session, runs the command with its parameters, reports progress, uploads the result and finishes it', async () => {
    const s = await newSession(h, 'Script bake', { scene: 'scenes/dock.unity', parameters: { quality: 'ultra' } });
    const script = [
      "const fs = require('fs');",
      "console.log('PROGRESS 50');",
      "fs.writeFileSync(process.env.BAKING_OUTPUT_DIR + '/lightmap.txt', [process.env.BAKING_SCENE, process.env.BAKING_PARAM_QUALITY].join(' '));",
    ].join(' ');
    await agentOnce('script-agent', `node -e "${script}"`);
    const session = (await h.bake('GET', `${S}/${s.id}`)).json();
    expect(session).toMatchObject({ state: 'Finished', progress: 100, nodeCount: 1 });
    const results = (await h.bake('GET', `${S}/${s.id}/results`)).json() as { items: { fileName: string; url: string }[] };
    expect(results.items.map((r) => r.fileName)).toEqual(['lightmap.txt']);
    const link = new URL(results.items[0].url);
    expect((await h.req({ method: 'GET', url: `${link.pathname}${link.search}` })).body).toBe('scenes/dock.unity ultra');
    // The agent's claim, its first progress report and its finish are in the session's history, in order.
    const history = await h.db.query<{ action: string }>("SELECT action FROM audit_log WHERE target = $1 AND action LIKE 'baking.agents.%' ORDER BY id", [s.id]);
    expect(history.rows.map((r) => r.action)).toEqual(['baking.agents.claim', 'baking.agents.progress', 'baking.agents.finish']);
  });

  it('fails the session with the last line the command wrote to stderr when it exits with an error', async () => {
    const s = await newSession(h, 'Broken bake');
    await agentOnce('broken-agent', "echo 'scene not found' >&2; exit 3");
    expect((await h.bake('GET', `${S}/${s.id}`)).json()).toMatchObject({ state: 'Failed', message: 'scene not found' });
  });
});
