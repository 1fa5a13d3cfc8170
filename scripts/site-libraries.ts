import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** One installed package the product runs on, for the third-party libraries page (`/policy/libraries-agora`). */
export interface Library {
  name: string;
  version: string;
  license: string;
  link: string;
}

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  link?: boolean;
}

interface Manifest {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
}

/** A package's licence as its manifest states it (SPDX expression, or the older `licenses` list). */
function licenseOf(m: Manifest): string {
  if (typeof m.license === 'string') return m.license;
  if (m.license?.type) return m.license.type;
  const list = (m.licenses ?? []).map((l) => l.type).filter(Boolean);
  return list.length ? list.join(' OR ') : 'UNKNOWN';
}

/** Where to read about a package: its homepage, else its repository as a web address, else its npm page. */
function linkOf(m: Manifest, name: string): string {
  if (m.homepage && /^https?:\/\//.test(m.homepage)) return m.homepage;
  const repo = typeof m.repository === 'string' ? m.repository : m.repository?.url;
  if (repo) {
    const short = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repo);
    if (short) return `https://github.com/${short[1]}`;
    const url = repo.replace(/^git\+/, '').replace(/^git:\/\//, 'https://').replace(/^ssh:\/\/git@/, 'https://').replace(/\.git$/, '');
    if (/^https?:\/\//.test(url)) return url;
  }
  return `https://www.npmjs.com/package/${name}`;
}

/**
 * The production dependency tree's installed packages: every package of package-lock.json that is not a development
 * dependency, read from its own `node_modules/<name>/package.json` (name, version, licence, link), one entry per name
 * and version, sorted by name. Optional packages not installed on this machine are left out.
 */
export function librariesOf(root: string): Library[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const seen = new Map<string, Library>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.dev || entry.devOptional || entry.link) continue;
    const file = join(root, path, 'package.json');
    if (!existsSync(file)) continue;
    const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const name = m.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const version = m.version ?? '';
    seen.set(`${name}@${version}`, { name, version, license: licenseOf(m), link: linkOf(m, name) });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

const ID = 'virtual:site-libraries';

/** The libraries list as a module (`import libraries from 'virtual:site-libraries'`), made when the site is built. */
export function siteLibraries(root = process.cwd()): Plugin {
  return {
    name: 'site-libraries',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load: (id) => (id === `\0${ID}` ? `export default ${JSON.stringify(librariesOf(root))};` : undefined),
  };
}
