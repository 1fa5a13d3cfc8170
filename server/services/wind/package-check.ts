import { MIB, type ChannelRules } from '../../../resources/wind/channel-rules';

/** One file of a build: its path in the package and its size in bytes. */
export interface PackageFile {
  path: string;
  size: number;
}

/** A subpackage as the package's config lists it. */
export interface Subpackage {
  name: string;
  root: string;
}

/** Megabytes as the channels' tools count them, two decimals. */
const mb = (bytes: number) => (bytes / MIB).toFixed(2);
const rootOf = (root: string) => root.replace(/^\.?\/+/, '').replace(/\/?$/, '/');

/**
 * The subpackages a config file lists (`subpackages` or `subPackages`: `[{ name, root }]`, as WeChat, Douyin,
 * Kuaishou and JD write them). Answers a problem instead when the file is not JSON.
 */
export function subpackagesOf(path: string, text: string | undefined): Subpackage[] | string {
  if (text === undefined) return [];
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch {
    return `${path} is not valid JSON`;
  }
  const list = (config as { subpackages?: unknown; subPackages?: unknown })?.subpackages ?? (config as { subPackages?: unknown })?.subPackages;
  if (!Array.isArray(list)) return [];
  return list.flatMap((s: { name?: unknown; root?: unknown }) => (typeof s?.root === 'string' && s.root ? [{ name: String(s.name ?? s.root), root: rootOf(s.root) }] : []));
}

/**
 * What keeps the package from a channel, as messages (none: it may be uploaded): a required file missing, the main
 * package, a subpackage or the whole package larger than the channel takes. A file belongs to the first subpackage
 * whose root its path starts with, else to the main package.
 */
export function packageProblems(rules: ChannelRules, files: PackageFile[], subpackages: Subpackage[]): string[] {
  const problems: string[] = [];
  const paths = new Set(files.map((f) => f.path));
  for (const required of rules.required) if (!paths.has(required)) problems.push(`the package has no ${required}`);
  const sizes = new Map<string, number>();
  let main = 0;
  let total = 0;
  for (const f of files) {
    total += f.size;
    const sub = subpackages.find((s) => f.path.startsWith(s.root));
    if (sub) sizes.set(sub.name, (sizes.get(sub.name) ?? 0) + f.size);
    else main += f.size;
  }
  if (main > rules.mainPackageMax) problems.push(`the main package is ${mb(main)} MB, over the channel's ${mb(rules.mainPackageMax)} MB`);
  for (const [name, size] of sizes) {
    if (size > rules.subpackageMax) problems.push(`subpackage ${name} is ${mb(size)} MB, over the channel's ${mb(rules.subpackageMax)} MB`);
  }
  if (total > rules.totalMax) problems.push(`the package is ${mb(total)} MB, over the channel's ${mb(rules.totalMax)} MB`);
  return problems;
}
