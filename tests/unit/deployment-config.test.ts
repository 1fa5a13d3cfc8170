import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every `.ts` file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const VARIABLE = /^[A-Z][A-Z0-9_]*$/;

/**
 * The environment variables the server reads: `process.env.X`, or `env.X` / `env['X']` on the environment a
 * settings loader is given. A read by a computed name cannot be listed, so it is reported instead.
 */
/** The system's own variables, passed on to the processes the server starts (game servers): not the deployment's settings. */
const SYSTEM = new Set(['PATH']);

function serverVariables(): { names: Set<string>; computed: string[] } {
  const names = new Set<string>();
  const computed: string[] = [];
  for (const file of sources('server')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\benv\??\.([A-Za-z_][A-Za-z0-9_]*)/g)) if (!SYSTEM.has(m[1])) names.add(m[1]);
    for (const m of text.matchAll(/\benv\[([^\]]*)\]/g)) {
      const literal = /^\s*['"`]([A-Z0-9_]+)['"`]\s*$/.exec(m[1]);
      if (literal) names.add(literal[1]);
      else computed.push(`${file}: env[${m[1]}]`);
    }
  }
  return { names, computed };
}

/** The variables the README's configuration table names: the backticked names in each row's first cell. */
function readmeVariables(): Set<string> {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('|'))) {
    const first = row.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([^`]+)`/g)) if (VARIABLE.test(m[1])) names.add(m[1]);
  }
  return names;
}

/**
 * The variables of the compose file's example environment (the `x-lodestar-environment` block every instance
 * gets): the keys set, and those shown commented out with an example value.
 */
function composeVariables(): Set<string> {
  const compose = readFileSync('deploy/docker-compose.yml', 'utf8');
  const block = compose.split(/^x-lodestar-environment:.*$/m)[1]?.split(/^\S/m)[0] ?? '';
  return new Set([...block.matchAll(/^ {2}(?:# )?([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
}

/** The keys of the Kubernetes configuration Secret. */
function secretVariables(): Set<string> {
  const secret = readFileSync('deploy/k8s/secret.yaml', 'utf8');
  const data = secret.split(/^stringData:$/m)[1] ?? '';
  return new Set([...data.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
}

const missingFrom = (wanted: Set<string>, have: Set<string>) => [...wanted].filter((n) => !have.has(n)).sort();

describe("the deployment's configuration", () => {
  const server = serverVariables();

  it('is read by name only, and the scan sees the server read it', () => {
    expect(server.computed).toEqual([]);
    // Reads from the settings loaders, main.ts and the several-instances check: a scan missing them proves nothing.
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_REQUESTS', 'ALIPAY_APP_ID', 'LOBBY_DOMAIN', 'SEVERAL_INSTANCES']) {
      expect(server.names).toContain(name);
    }
    expect([...server.names].filter((n) => !VARIABLE.test(n))).toEqual([]);
  });

  it("names every variable the server reads in the README's table, and none it does not read", () => {
    const readme = readmeVariables();
    expect(missingFrom(server.names, readme)).toEqual([]);
    expect(missingFrom(readme, server.names)).toEqual([]);
  });

  it("shows every variable the server reads in the compose file's example environment, and none it does not read", () => {
    const compose = composeVariables();
    expect(missingFrom(server.names, compose)).toEqual([]);
    expect(missingFrom(compose, server.names)).toEqual([]);
  });

  it('puts in the Kubernetes Secret only variables the server reads, the several-instances ones among them', () => {
    const secret = secretVariables();
    expect(missingFrom(secret, server.names)).toEqual([]);
    for (const name of ['SEVERAL_INSTANCES', 'DATABASE_URL', 'SECRET_KEY', 'S3_BUCKET']) expect(secret).toContain(name);
  });
});
