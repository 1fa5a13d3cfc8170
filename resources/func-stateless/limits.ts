/**
 * Stateless functions' rules read by the server, the console and the tests: the runtimes, the bounds a function's
 * memory and time limits may take (the operator may lower the maxima), the rules of spec 001 §5 (function names,
 * environment variable names, the zip types and ignored folders), and which hosts a function's fetch may reach.
 */

/** The runtimes the runtimes call lists: JavaScript in the WebAssembly sandbox, the only one this deployment runs. */
export const RUNTIMES = [
  {
    name: 'javascript-quickjs',
    language: 'JavaScript',
    description: 'ES2023 JavaScript in a QuickJS WebAssembly sandbox: no file system, network only to allowed hosts',
    defaultHandler: 'index.handler',
    available: true,
  },
] as const;

export const RUNTIME_NAMES = RUNTIMES.map((r) => r.name);

/** Each function's limits: what a new function gets, and the widest the platform allows (an operator may lower them). */
export const FUNCTION_LIMITS = {
  memoryMb: { min: 8, default: 64, max: 512 },
  timeoutMs: { min: 50, default: 3000, max: 60_000 },
  /** Gateway calls per minute per function. */
  rateLimitPerMinute: { min: 1, default: 600, max: 100_000 },
};

/** Spec 001 §5: the content types a function's code zip is taken with, and the folders left out of it. */
export const CODE_ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream', 'application/x-zip'];
export const IGNORED_FOLDERS = ['node_modules', '.git', '.vscode'];

/** Spec 001 §5's name rule: one lowercase letter or digit, or lowercase alphanumerics with `-` or `.` inside. */
export const FUNCTION_NAME_PATTERN = '^(?:[a-z0-9]|[a-z0-9][a-z0-9.-]*[a-z0-9])$';

/**
 * Spec 001 §5: an environment variable's name with every character outside letters, digits, `_` and `$` made `_`,
 * and `_` put before a name starting with a digit, `_` or `$`.
 */
export function envName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9_$]/.test(name) ? `_${name}` : name;
}

/** Whether `host` is one of `allowed`: the same name (any case), or under a `*.example.com` entry's domain. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => {
    const a = entry.toLowerCase();
    return a.startsWith('*.') ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a;
  });
}

/** Whether a path inside a code zip is left out: under one of the ignored folders at any depth. */
export function ignoredPath(path: string): boolean {
  return path.split('/').some((part) => IGNORED_FOLDERS.includes(part));
}
