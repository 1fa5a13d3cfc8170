/**
 * The sandbox a stateless function runs in: QuickJS compiled to WebAssembly (`quickjs-emscripten`), a fresh runtime
 * per invocation, with a memory limit (QuickJS's allocator refuses past it), a time limit (the interrupt handler
 * stops the interpreter at the deadline, and the host stops waiting for the function's promise there), no file system,
 * no process, no modules but the package's own files, and the network only through a `fetch` bridge that refuses
 * every host the function's configuration does not name. Nothing of Node reaches the guest but what is bridged here.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC, type QuickJSContext, type QuickJSDeferredPromise, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import { hostAllowed } from '../../../resources/func-stateless/limits';
import { GUEST_PRELUDE } from './guest-prelude';

export interface SandboxLimits {
  memoryBytes: number;
  timeoutMs: number;
  /** Host names the function may fetch from (`api.example.com`, `*.example.com`); none: no network at all. */
  allowedHosts: string[];
}

export interface SandboxRun {
  /** The package's text files by path, and the entry's file and export (`index.handler`). */
  files: Record<string, string>;
  handler: string;
  event: unknown;
  context: Record<string, unknown>;
  limits: SandboxLimits;
}

export type RunStatus = 'success' | 'error' | 'timeout' | 'memory';

export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error';
  message: string;
  at: string;
}

export interface RunOutcome {
  status: RunStatus;
  /** The handler's answer as JSON text (success), else undefined. */
  result?: string;
  error?: string;
  logs: LogLine[];
  durationMs: number;
  /** The most memory the invocation's instance held (QuickJS's own base included). */
  memoryBytes: number;
  /** Bytes sent and received through the fetch bridge. */
  netBytes: number;
}

/** What one invocation may print and answer, and how much it may fetch. */
export const RUN_BOUNDS = { logLines: 500, logBytes: 64 * 1024, resultBytes: 1024 * 1024, fetches: 50, fetchBodyBytes: 1024 * 1024, stackBytes: 512 * 1024 };

class FetchRefused extends Error {}

/** The handler's own fetch through the host: only to the allowed hosts, no redirect followed, a bounded body. */
async function hostFetch(request: { url: string; method?: string; headers?: Record<string, string>; body?: string }, limits: SandboxLimits, signal: AbortSignal) {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new FetchRefused(`invalid URL: ${String(request.url).slice(0, 200)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new FetchRefused(`protocol not allowed: ${url.protocol}`);
  if (!hostAllowed(url.hostname, limits.allowedHosts)) throw new FetchRefused(`host not allowed: ${url.hostname}`);
  const res = await fetch(url, { method: request.method ?? 'GET', headers: request.headers, body: request.body, redirect: 'manual', signal });
  const reader = res.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > RUN_BOUNDS.fetchBodyBytes) {
      await reader.cancel();
      throw new FetchRefused('response body larger than the limit');
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks).toString('utf8');
  return { status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), body, bytes: size + (request.body?.length ?? 0) };
}

const PAGE = 64 * 1024;
/** The memory QuickJS's WebAssembly build starts with (its own data and stack): a limit below it cannot be set. */
export const BASE_MEMORY_BYTES = 256 * PAGE;

let compiled: Promise<WebAssembly.Module> | undefined;
/** QuickJS's WebAssembly code, compiled once per process. */
const quickjsCode = () => (compiled ??= readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then((b) => WebAssembly.compile(b)));

/**
 * A module instance whose WebAssembly memory cannot grow past `memoryBytes`: the function's memory limit is the
 * instance's, exact whatever the code allocates (QuickJS's own allocator limit misses memory grown in place). Each run
 * has a QuickJS runtime of its own, freed whole when it ends; an instance whose runtime ended cleanly waits idle for
 * the next run with the same limit (a few per limit), one that did not (its memory exhausted) is dropped.
 */
const idle = new Map<number, QuickJSWASMModule[]>();
const IDLE_PER_LIMIT = 4;

async function quickjsFor(memoryBytes: number): Promise<QuickJSWASMModule> {
  const kept = idle.get(memoryBytes)?.pop();
  if (kept) return kept;
  const wasmModule = await quickjsCode();
  const maximum = Math.max(257, Math.floor(memoryBytes / PAGE));
  return newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmModule, wasmMemory: new WebAssembly.Memory({ initial: 256, maximum }) }));
}

function release(memoryBytes: number, instance: QuickJSWASMModule): void {
  const list = idle.get(memoryBytes) ?? [];
  if (list.length < IDLE_PER_LIMIT) list.push(instance);
  idle.set(memoryBytes, list);
}

const errorText = (vm: QuickJSContext, h: QuickJSHandle): string => {
  const e = vm.dump(h) as { name?: string; message?: string } | string;
  return typeof e === 'object' && e ? `${e.name ?? 'Error'}: ${e.message ?? ''}` : String(e);
};

/** Runs the handler once and answers how it ended. Never throws for anything the guest does. */
export async function runInSandbox(run: SandboxRun): Promise<RunOutcome> {
  const started = performance.now();
  const QuickJS = await quickjsFor(run.limits.memoryBytes);
  // The time limit is the guest's: the host's compiling or making an instance is not counted against it.
  const deadline = Date.now() + run.limits.timeoutMs;
  const rt = QuickJS.newRuntime();
  const deferreds: QuickJSDeferredPromise[] = [];
  let promise: QuickJSHandle | undefined;
  let timedOut = false;
  let peak = 0;
  rt.setMemoryLimit(run.limits.memoryBytes);
  rt.setMaxStackSize(RUN_BOUNDS.stackBytes);
  const vm = rt.newContext();
  rt.setInterruptHandler(() => Date.now() >= deadline && (timedOut = true));
  const logs: LogLine[] = [];
  let logBytes = 0;
  let netBytes = 0;
  let fetches = 0;
  const pending = new Set<Promise<unknown>>();
  const abort = new AbortController();
  // The instance's memory only grows: its size at the end is the most the invocation held.
  const sample = () => (peak = Math.max(peak, QuickJS.getWasmMemory().buffer.byteLength));
  let exhausted = false;
  const end = (status: RunStatus, extra: { result?: string; error?: string }): RunOutcome => ({
    status,
    ...extra,
    logs,
    durationMs: Math.round((performance.now() - started) * 1000) / 1000,
    memoryBytes: peak,
    netBytes,
  });
  const failure = (message: string): RunOutcome => {
    sample();
    if (timedOut || Date.now() >= deadline) return end('timeout', { error: `Task timed out after ${run.limits.timeoutMs} ms` });
    if (/out of memory|string too long|InternalError: invalid array length/i.test(message)) exhausted = true;
    if (exhausted) return end('memory', { error: `Memory limit exceeded (${run.limits.memoryBytes} bytes): ${message}` });
    return end('error', { error: message });
  };
  try {
    const log = vm.newFunction('__hostLog', (level, text) => {
      if (logs.length >= RUN_BOUNDS.logLines || logBytes >= RUN_BOUNDS.logBytes) return;
      const message = vm.getString(text).slice(0, RUN_BOUNDS.logBytes - logBytes);
      logBytes += message.length;
      logs.push({ level: vm.getString(level) as LogLine['level'], message, at: new Date().toISOString() });
    });
    vm.setProp(vm.global, '__hostLog', log);
    log.dispose();
    const fetchFn = vm.newFunction('__hostFetch', (req) => {
      const deferred = vm.newPromise();
      deferreds.push(deferred);
      const request = JSON.parse(vm.getString(req));
      fetches += 1;
      const work = (fetches > RUN_BOUNDS.fetches ? Promise.reject(new FetchRefused('too many fetches in one invocation')) : hostFetch(request, run.limits, abort.signal)).then(
        (answer) => {
          netBytes += answer.bytes;
          if (!vm.alive) return;
          const h = vm.newString(JSON.stringify(answer));
          deferred.resolve(h);
          h.dispose();
        },
        (err: Error) => {
          if (!vm.alive) return;
          const h = vm.newError(err instanceof FetchRefused ? err.message : `fetch failed: ${err.message}`);
          deferred.reject(h);
          h.dispose();
        },
      );
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return deferred.handle;
    });
    vm.setProp(vm.global, '__hostFetch', fetchFn);
    fetchFn.dispose();
    const sleepFn = vm.newFunction('__hostSleep', (ms) => {
      const deferred = vm.newPromise();
      deferreds.push(deferred);
      const wait = Math.max(0, Math.min(vm.getNumber(ms), deadline - Date.now()));
      const work = new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
        if (vm.alive) deferred.resolve();
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
      return deferred.handle;
    });
    vm.setProp(vm.global, '__hostSleep', sleepFn);
    sleepFn.dispose();

    const prelude = vm.evalCode(GUEST_PRELUDE, 'prelude.js');
    if (prelude.error) {
      const message = errorText(vm, prelude.error);
      prelude.error.dispose();
      return failure(message);
    }
    prelude.value.dispose();
    const start = vm.evalCode(`__start(${JSON.stringify(JSON.stringify(run.files))}, ${JSON.stringify(run.handler)}, ${JSON.stringify(JSON.stringify(run.event ?? null))}, ${JSON.stringify(JSON.stringify(run.context))})`, 'invoke.js');
    if (start.error) {
      const message = errorText(vm, start.error);
      start.error.dispose();
      sample();
      return failure(message);
    }
    promise = start.value;
    let settled = false;
    const answer = vm.resolvePromise(promise).then((r) => {
      settled = true;
      return r;
    });
    for (;;) {
      const jobs = rt.executePendingJobs();
      if (jobs.error) {
        const message = errorText(vm, jobs.error);
        jobs.error.dispose();
        sample();
        return failure(message);
      }
      sample();
      await new Promise((r) => setImmediate(r));
      if (settled) break;
      if (Date.now() >= deadline) {
        timedOut = true;
        return failure('timeout');
      }
      if (rt.hasPendingJob()) continue;
      if (!pending.size) return end('error', { error: "the handler's promise never settled" });
      const left = deadline - Date.now();
      await Promise.race([...pending, new Promise((r) => setTimeout(r, left))]);
    }
    const result = await answer;
    if (result.error) {
      const message = errorText(vm, result.error);
      result.error.dispose();
      return failure(message);
    }
    const text = vm.getString(result.value);
    result.value.dispose();
    if (text.length > RUN_BOUNDS.resultBytes) return end('error', { error: `result larger than ${RUN_BOUNDS.resultBytes} bytes` });
    return end('success', { result: text });
  } catch (err) {
    // QuickJS itself failing (its heap exhausted while the host works with it) ends the run like the guest's own error.
    return failure(err instanceof Error ? err.message : String(err));
  } finally {
    abort.abort();
    try {
      if (promise?.alive) promise.dispose();
      for (const d of deferreds) if (d.alive) d.dispose();
      vm.dispose();
      rt.dispose();
      if (!exhausted) release(run.limits.memoryBytes, QuickJS);
    } catch {
      // A runtime that could not end cleanly (its memory exhausted) goes with its own module instance.
    }
  }
}
