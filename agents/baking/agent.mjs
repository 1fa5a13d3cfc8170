#!/usr/bin/env node
/**
 * Lodestar's reference baking agent: registers with an instance type, beats, claims sessions, runs the configured
 * command for each with the session in its environment, reports progress from the command's output, uploads the
 * files the command leaves in its output directory, and finishes or fails the session. Node 20+, no dependencies.
 *
 *   BAKING_API            the service's address, e.g. http://localhost:3000/ubaking/v1
 *   BAKING_APP_ID         the app's id and service secret (the app credential)
 *   BAKING_APP_SECRET
 *   BAKING_COMMAND        run with `sh -c` in a fresh directory for each session
 *   BAKING_INSTANCE_TYPE  default cpu-4
 *   BAKING_AGENT_NAME     default <host>-<pid>
 *   BAKING_ONCE           1: stop after one session
 *   BAKING_POLL_MS        wait between claims when nothing is queued, default 5000
 *
 * The command sees BAKING_SESSION_ID, BAKING_SESSION_NAME, BAKING_SCENE, BAKING_INSTANCE_TYPE, BAKING_OUTPUT_DIR and
 * each session parameter as BAKING_PARAM_<NAME> (upper case). A line of its output reading `PROGRESS <0-100>` is
 * reported as the session's progress. Exit code 0 finishes the session once every file of BAKING_OUTPUT_DIR is
 * uploaded; any other fails it with the last line the command wrote to stderr.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const env = process.env;
const api = (env.BAKING_API ?? '').replace(/\/$/, '');
const auth = `Basic ${Buffer.from(`${env.BAKING_APP_ID}:${env.BAKING_APP_SECRET}`).toString('base64')}`;
const instanceType = env.BAKING_INSTANCE_TYPE ?? 'cpu-4';
const name = env.BAKING_AGENT_NAME ?? `${hostname()}-${process.pid}`;
const pollMs = Number(env.BAKING_POLL_MS ?? 5000);
const HEARTBEAT_MS = 15_000;

if (!api || !env.BAKING_APP_ID || !env.BAKING_APP_SECRET || !env.BAKING_COMMAND) {
  console.error('set BAKING_API, BAKING_APP_ID, BAKING_APP_SECRET and BAKING_COMMAND');
  process.exit(2);
}

const log = (...args) => console.log(new Date().toISOString(), ...args);

async function call(method, path, body) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${answer.message ?? ''}`);
  return answer;
}

/** Every file under a directory, relative to it. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1));
}

async function upload(agentId, sessionId, dir, file) {
  const bytes = await readFile(join(dir, file));
  if (bytes.length === 0) return;
  const grant = await call('POST', `/agents/${agentId}/sessions/${sessionId}/results`, { fileName: file.replaceAll('/', '_'), contentType: 'application/octet-stream', size: bytes.length });
  const res = await fetch(grant.url, { method: 'PUT', headers: grant.headers, body: bytes });
  if (!res.ok) throw new Error(`upload of ${file}: ${res.status}`);
  log('uploaded', file, `${(await stat(join(dir, file))).size} bytes`);
}

/** Runs the command for one session; answers its exit code and the last line it wrote to stderr. */
function runCommand(agentId, session, dir) {
  const params = Object.fromEntries(Object.entries(session.parameters ?? {}).map(([k, v]) => [`BAKING_PARAM_${k.toUpperCase()}`, String(v)]));
  const child = spawn('sh', ['-c', env.BAKING_COMMAND], {
    cwd: dir,
    env: { ...env, ...params, BAKING_SESSION_ID: session.id, BAKING_SESSION_NAME: session.name, BAKING_SCENE: session.scene ?? '', BAKING_INSTANCE_TYPE: instanceType, BAKING_OUTPUT_DIR: join(dir, 'output') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lastError = '';
  let reporting = Promise.resolve();
  createInterface({ input: child.stdout }).on('line', (line) => {
    const m = /^PROGRESS\s+(\d{1,3})\b/.exec(line.trim());
    if (!m) return;
    const progress = Math.min(100, Number(m[1]));
    reporting = reporting.then(() => call('POST', `/agents/${agentId}/sessions/${session.id}/progress`, { progress }).catch((e) => log('progress not reported:', e.message)));
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.trim()) lastError = line.trim().slice(0, 1000);
  });
  return new Promise((resolve) => child.on('close', (code) => reporting.then(() => resolve({ code: code ?? 1, lastError }))));
}

async function bake(agentId, session) {
  log('claimed', session.id, session.name);
  const dir = await mkdtemp(join(tmpdir(), 'lodestar-bake-'));
  try {
    await mkdir(join(dir, 'output'));
    await call('POST', `/agents/${agentId}/sessions/${session.id}/progress`, { progress: 0, message: 'started' });
    const { code, lastError } = await runCommand(agentId, session, dir);
    if (code !== 0) {
      await call('POST', `/agents/${agentId}/sessions/${session.id}/fail`, { reason: lastError || `the command exited with code ${code}` });
      log('failed', session.id, code);
      return;
    }
    const out = join(dir, 'output');
    for (const file of await filesUnder(out)) await upload(agentId, session.id, out, file);
    await call('POST', `/agents/${agentId}/sessions/${session.id}/finish`, { message: 'baked' });
    log('finished', session.id);
  } catch (err) {
    log('error', session.id, err.message);
    await call('POST', `/agents/${agentId}/sessions/${session.id}/fail`, { reason: String(err.message).slice(0, 1000) }).catch(() => undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  const agent = await call('POST', '/agents', { name, instanceType, heartbeatSeconds: HEARTBEAT_MS / 1000 });
  log('registered', agent.id, name, instanceType);
  const beat = setInterval(() => call('POST', `/agents/${agent.id}/heartbeat`).catch((e) => log('heartbeat:', e.message)), HEARTBEAT_MS);
  let stopping = false;
  process.on('SIGTERM', () => (stopping = true));
  process.on('SIGINT', () => (stopping = true));
  try {
    while (!stopping) {
      const { session } = await call('POST', `/agents/${agent.id}/claim`);
      if (!session) {
        await new Promise((r) => setTimeout(r, pollMs));
        continue;
      }
      await bake(agent.id, session);
      if (env.BAKING_ONCE === '1') break;
    }
  } finally {
    clearInterval(beat);
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
