/**
 * The deployment's external hardening command (SAFE_HARDEN_COMMAND), run by a shell with the package's path in
 * `$PACKAGE` and `$OUTPUT` where it may write a hardened package; its output becomes the job's log lines. A command
 * that exits with another status than 0, or runs past the time allowed, fails the protection.
 */
import { spawn } from 'node:child_process';

export const HARDEN_TIMEOUT_MS = 10 * 60_000;
/** The most output lines kept of one run. */
const MAX_LINES = 150;

export interface HardenOutcome {
  ok: boolean;
  lines: string[];
  problem?: string;
}

export function runHardening(command: string, packagePath: string, outputPath: string, timeoutMs = HARDEN_TIMEOUT_MS): Promise<HardenOutcome> {
  return new Promise((resolve) => {
    const lines: string[] = [];
    const child = spawn('/bin/sh', ['-c', command], { env: { ...process.env, PACKAGE: packagePath, OUTPUT: outputPath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim() && lines.length < MAX_LINES) lines.push(line.slice(0, 300));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ ok: false, lines, problem: `the hardening command could not start: ${err.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true, lines });
      else resolve({ ok: false, lines, problem: signal ? 'the hardening command ran out of time' : `the hardening command exited with status ${code}` });
    });
  });
}
