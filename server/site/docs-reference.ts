import type { CallDoc, DocSectionsAnswer, DocServiceSummary, ErrorRow, FieldRow, ServiceReference } from '../../resources/docs-api';
import type { ServiceDecl, Text } from '../../resources/types';
import { lookupMessage, serverMessages } from '../../resources/messages';
import { deref, exampleOf, fieldRows, notesOf, sampleOf, typeOf, type Json } from './docs-fields';

/**
 * A service's API reference, read from the OpenAPI document of what the server mounted (so a service declared by
 * a schema alone is documented as soon as it is mounted, and nothing is written per service): every call with
 * its authentication, parameters, request and answer as field tables, examples, a `curl` line and the errors it
 * can answer, with their messages' texts from the message dictionary.
 */

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** The documentation section of a service: its catalogue entry's `docPage` under /doc (`passport`, `func/stateful`). */
export const sectionOfService = (s: ServiceDecl): string | undefined => /^\/doc\/(.+)$/.exec(s.catalogue.docPage ?? '')?.[1];

/** The operations of the document, each with its path and method. */
function operations(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries((doc.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ path, method: method.toUpperCase(), op: item[method] as Json })),
  );
}

/** How an operation authenticates, read back from its security requirements. */
export function authOf(op: Json): string {
  const first = ((op.security ?? []) as Json[])[0];
  if (!first) return 'none';
  if ('appCredential' in first) return 'service';
  if ('playerToken' in first) return 'player';
  if ('adminSession' in first) return 'admin';
  return 'session';
}

/** A message's texts: the dictionary's entry for the key as written, or for it as the server fills it in. */
export function messageText(message: string): Text | undefined {
  return serverMessages[message] ?? lookupMessage(message);
}

/** The errors of an operation's error answers: each status's declared codes and messages (`x-errors`). */
export function errorsOf(op: Json): ErrorRow[] {
  return Object.entries((op.responses ?? {}) as Record<string, Json>)
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, r]) => {
      const listed = (r['x-errors'] ?? []) as { code: string; message: string }[];
      const rows = listed.length ? listed : [{ code: '', message: String(r.description ?? '') }];
      return rows.map((e) => {
        const text = messageText(e.message);
        return { status: Number(status), code: e.code, message: e.message, ...(text ? { text } : {}) };
      });
    });
}

const shellVar = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9]+/g, '_').toUpperCase();

/** The credentials of a `curl` line, by how the call authenticates. */
const CURL_AUTH: Record<string, string> = {
  none: '',
  session: ' -b "sst=$SESSION"',
  admin: ' -b "admin_sst=$ADMIN_SESSION" -H "X-App-Id: $APP_ID" -H "X-Lodestar-App-Id: $APP_ID"',
  service: ' -u "$APP_ID:$APP_SERVICE_SECRET"',
  player: ' -H "Authorization: Bearer $PLAYER_TOKEN"',
};

/**
 * A `curl` line for a call: `{origin}` for the server's address (the page puts in its own), each path parameter as
 * a shell variable, required query parameters with a sample value, the body's example (or a sample of it).
 */
export function curlOf(method: string, path: string, auth: string, query: FieldRow[], body: unknown): string {
  const url = path.replace(/\{([^}]+)\}/g, (_m, name: string) => `$${shellVar(name === '*' ? 'path' : name)}`);
  const required = query.filter((q) => q.required && !q.name.includes('.'));
  const search = required.length ? `?${required.map((q) => `${q.name}=$${shellVar(q.name)}`).join('&')}` : '';
  const data = body === undefined ? '' : ` -H 'Content-Type: application/json' -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`;
  return `curl -X ${method} "{origin}${url}${search}"${CURL_AUTH[auth] ?? ''}${data}`;
}

/** The parameters of one place (`path`, `query`) as field rows. */
function parameterRows(doc: Json, op: Json, where: string): FieldRow[] {
  return ((op.parameters ?? []) as Json[])
    .map((p) => deref(doc, p))
    .filter((p) => p.in === where)
    .map((p) => {
      const row: FieldRow = { name: String(p.name), type: typeOf(doc, p.schema), required: p.required === true, notes: notesOf(doc, p.schema) };
      const description = (p.description ?? deref(doc, p.schema).description) as string | undefined;
      return description ? { ...row, description } : row;
    });
}

const jsonSchemaOf = (content: unknown) => ((content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;

/** One operation's reference. */
export function callDoc(doc: Json, path: string, method: string, op: Json): CallDoc {
  const auth = authOf(op);
  const query = parameterRows(doc, op, 'query');
  const requestBody = op.requestBody as Json | undefined;
  const bodySchema = requestBody ? jsonSchemaOf(requestBody.content) : undefined;
  const body = bodySchema
    ? { required: requestBody?.required === true, fields: fieldRows(doc, bodySchema), ...(exampleOf(doc, bodySchema) !== undefined ? { example: exampleOf(doc, bodySchema) } : {}) }
    : undefined;
  const answers = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .filter(([status]) => Number(status) < 400)
    .map(([status, r]) => {
      const schema = jsonSchemaOf(r.content);
      const example = schema === undefined ? undefined : exampleOf(doc, schema);
      return { status: Number(status), description: String(r.description ?? ''), fields: schema === undefined ? [] : fieldRows(doc, schema), ...(example !== undefined ? { example } : {}) };
    });
  return {
    id: String(op.operationId ?? `${method}${path}`),
    method,
    path,
    summary: String(op.summary ?? ''),
    auth,
    ...(Array.isArray(op['x-access']) ? { access: op['x-access'] as string[] } : {}),
    pathParams: parameterRows(doc, op, 'path'),
    query,
    ...(body ? { body } : {}),
    answers,
    errors: errorsOf(op),
    curl: curlOf(method, path, auth, query, bodySchema === undefined ? undefined : (body?.example ?? sampleOf(doc, bodySchema))),
  };
}

/** Every error of a service's calls, once per status, code and message, with how many calls answer it. */
export function serviceErrors(calls: CallDoc[]): ServiceReference['errors'] {
  const byKey = new Map<string, ServiceReference['errors'][number]>();
  for (const e of calls.flatMap((c) => c.errors)) {
    const key = `${e.status} ${e.code} ${e.message}`;
    const known = byKey.get(key);
    if (known) known.calls++;
    else byKey.set(key, { ...e, calls: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

/** A declared service's summary: `available`, the services the server mounted calls of (`mountedServices`). */
export function serviceSummary(s: ServiceDecl, available: Set<string>): DocServiceSummary {
  return { name: s.name, displayName: s.catalogue.displayName, base: s.base, available: available.has(s.name) };
}

/** The services of every documentation section. */
export function docSections(services: ServiceDecl[], available: Set<string>): DocSectionsAnswer {
  const sections: DocSectionsAnswer['sections'] = {};
  for (const s of services) {
    const section = sectionOfService(s);
    if (section) (sections[section] ??= []).push(serviceSummary(s, available));
  }
  return { sections };
}

/** A service's reference: its calls (those of its group in the document) in the document's order, and their errors. */
export function serviceReference(doc: Json, s: ServiceDecl, available: Set<string>): ServiceReference {
  const calls = operations(doc)
    .filter(({ op }) => ((op.tags ?? []) as string[]).includes(s.name))
    .map(({ path, method, op }) => callDoc(doc, path, method, op));
  return { ...serviceSummary(s, available), calls, errors: serviceErrors(calls), ...(s.sdkEndpoint ? { sdkEndpoint: s.sdkEndpoint } : {}) };
}
