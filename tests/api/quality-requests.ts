import type { InjectOptions } from 'fastify';
import { services } from '../../resources';
import type { JsonSchema } from '../../resources/types';
import type { RouteDef } from '../../server/engine/api';
import { compileSchema } from '../../server/engine/ajv';
import { buildModel } from '../../server/engine/model';
import { sampleOf } from './sample-input';
import { asText, validSample } from './quality-samples';
import { createdIdOf, type World } from './quality-world';

/**
 * A valid call of a route aimed at organisation A: its path parameters, query and body name A's organisation,
 * app, members and records wherever they name something.
 */
export interface Probe {
  route: RouteDef;
  method: RouteDef['method'];
  /** The path with its parameters filled in (and percent-encoded). */
  path: string;
  /** Each path parameter's value. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** undefined: no body. */
  body: unknown;
  /** Every path parameter names something that exists in A. */
  resolved: boolean;
  /** The call names one of A's identifiers. */
  targetsA: boolean;
}

/** Path parameters of a route, `*` for a wildcard. */
export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');

/** What was created for A under a collection. */
function createdUnder(w: World, collection: string): Record<string, unknown> | undefined {
  const exact = w.created.get(collection);
  if (exact) return exact;
  // The platform API spreads one thing over its prefixes (`/base/ticket/:id` reads what `/api/ticket` made).
  const platform = (url: string) => /^\/(api|base|auth)\//.test(url);
  if (!platform(collection)) return undefined;
  const last = collection.split('/').pop();
  for (const [url, record] of w.created) if (platform(url) && url.split('/').pop() === last) return record;
  return undefined;
}

/**
 * The id of what was created for A that a `<thing>Id` name refers to: a record of the same service whose collection
 * is named for the thing (`personaId` → `<base>/personas`, `roleId` → `<base>/guilds/roles`).
 */
function thingNamed(w: World, url: string, name: string): string | undefined {
  const m = /^(.+)Id$/.exec(name);
  if (!m) return undefined;
  const thing = m[1].toLowerCase();
  const base = url.split('/').slice(0, 3).join('/');
  for (const [collection, record] of w.created) {
    const last = collection.split('/').pop()?.toLowerCase().replace(/[-_]/g, '');
    if (collection.startsWith(`${base}/`) && (last === `${thing}s` || last === thing)) return createdIdOf(record, collection);
  }
  return undefined;
}

/** A's identifier for a path parameter, read from its name and the path before it. */
function paramFor(w: World, url: string, name: string): string | undefined {
  if (name === 'accountId') return w.a.subject;
  if (name === 'invitationId') return w.a.invitation;
  if (name === 'serviceId') return w.a.service;
  if (name === 'appId') return w.a.app;
  if (url.startsWith('/api/organizations/:id')) return w.a.org;
  if (url.startsWith('/api/app/:id') || url.startsWith('/api/projects/:id')) return w.a.app;
  if (url.startsWith('/api/users/:id')) return w.a.subject;
  const collection = url.slice(0, url.indexOf(`/:${name}`));
  const made = createdUnder(w, collection);
  const madeId = made && createdIdOf(made, collection);
  if (madeId) return madeId;
  if (name === 'id') return undefined;
  const thing = thingNamed(w, url, name);
  if (thing) return thing;
  // A field of something created earlier under that name (an order number, say).
  for (const record of w.answers) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
    if (key && typeof record[key] === 'string') return record[key] as string;
  }
  return undefined;
}

/** Values for body and query fields the schema alone cannot make right: A's identifiers, amounts, codes. */
export function fieldFor(w: World, name: string, schema: JsonSchema): unknown {
  if (/^(orgid|organizationid)$/i.test(name)) return w.a.org;
  if (/^appid$/i.test(name)) return w.a.app;
  if (/^accountid$/i.test(name)) return w.a.subject;
  if (name === 'TransactionId') return w.a.deposit;
  if (/[a-z]Id$/.test(name)) {
    for (const base of new Set([...w.created.keys()].map((u) => u.split('/').slice(0, 3).join('/')))) {
      const id = thingNamed(w, `${base}/`, name);
      if (id) return id;
    }
  }
  if (name === 'LicenseKey') return w.a.licence;
  // A unified social credit code whose check character works out (see tests/unit/payments-credit-code.test.ts).
  if (name === 'CreditCode') return '91350100M000100Y43';
  if (name === 'Amount' && schema.type === 'string') return '10.00';
  // The least role, so that every manager of the organisation may give it; money moves as a deposit.
  const options = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : [];
  for (const preferred of ['member', 'Deposit']) if (options.includes(preferred)) return preferred;
  return undefined;
}

const mentionsAny = (text: string, marks: string[]) => marks.some((m) => text.includes(m));

/** A value its schema accepts (a hash for a hash's pattern, a whole number for an integer), when one is found. */
export function acceptedSample(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  return (validSample({ type: 'object', required: ['v'], properties: { v: schema } }, () => undefined) as { v?: unknown } | undefined)?.v;
}

/** A value of a path parameter with a pattern (a content hash) that matches it, so a call reaches its access check. */
export const patternSample = (schema: JsonSchema | undefined): unknown => (schema?.pattern ? acceptedSample(schema) : undefined);

/** Item paths of enumerated resources: a value there names a record of every app (a login provider), none of A's own. */
const SHARED_NAMES = new Set(
  services.flatMap((s) =>
    s.resources
      .filter((r) => r.enumerated)
      .map((r) => {
        const m = buildModel(s, r);
        return `${m.base}/:${m.idParam}`;
      }),
  ),
);

export function probeOf(w: World, route: RouteDef): Probe {
  const params: Record<string, string> = {};
  let resolved = true;
  for (const name of paramNames(route.url)) {
    const found = paramFor(w, route.url, name);
    if (found === undefined) resolved = false;
    const schema = ((route.params?.properties ?? {}) as Record<string, JsonSchema>)[name];
    params[name] = found ?? String(patternSample(schema) ?? sampleOf(schema ?? { type: 'string' }) ?? 'sample1');
  }
  const pick = (name: string, schema: JsonSchema) => fieldFor(w, name, schema);
  const query = (route.querystring ? (validSample(route.querystring, pick, true) ?? sampleOf(route.querystring, pick)) : {}) as Record<string, unknown>;
  const bodySchema = route.body ?? route.optionalBody;
  const body = bodySchema ? (validSample(bodySchema, pick) ?? sampleOf(bodySchema, pick)) : undefined;
  const named = Object.keys(params).length > 0 && resolved && !SHARED_NAMES.has(route.url);
  const probe: Probe = { route, method: route.method, path: pathOf(route.url, params), params, query, body, resolved, targetsA: false };
  // The platform's records (`auth: 'platform'`) are no tenant's: a probe of them aims at nothing of A's.
  probe.targetsA = route.auth !== 'platform' && (named || mentionsAny(`${probe.path} ${JSON.stringify(query)} ${JSON.stringify(body ?? null)}`, w.a.marks));
  return probe;
}

/** The route's path with the given parameter values, each percent-encoded (slashes too) unless `raw`. */
export function pathOf(url: string, params: Record<string, string>, raw = false): string {
  const enc = (v: string) => (raw ? v : encodeURIComponent(v));
  if (url.endsWith('*')) return `${url.slice(0, -1)}${enc(params['*'])}`;
  return url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => enc(params[name]));
}

export function queryText(query: Record<string, unknown>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) p.append(k, typeof one === 'object' ? JSON.stringify(one) : String(one));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** The probe as a request with the given credentials. */
export function requestOf(probe: Pick<Probe, 'method' | 'path' | 'query' | 'body'>, headers: Record<string, string>): InjectOptions {
  const withBody = probe.body !== undefined;
  return {
    method: probe.method,
    url: probe.path + queryText(probe.query),
    headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(withBody ? { payload: JSON.stringify(probe.body) } : {}),
  };
}

/** Whether the probe's query and body pass the route's own schemas (a sample the sweeps can trust). */
export function probeIsValid(probe: Probe): string | undefined {
  const { route } = probe;
  const checks: [string, JsonSchema | undefined, unknown, string][] = [
    ['query', route.querystring, asText(probe.query), 'querystring'],
    ['body', route.body ?? route.optionalBody, probe.body, 'body'],
  ];
  for (const [part, schema, value, httpPart] of checks) {
    if (!schema || value === undefined) continue;
    const check = compileSchema(schema, httpPart);
    if (!check(structuredClone(value))) return `${part}: ${JSON.stringify(check.errors)}`;
  }
  return undefined;
}
