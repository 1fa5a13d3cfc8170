/**
 * A service's playground examples, read from its declaration: the calls its playground page names (or, by default,
 * every declared call and every resource's list), each with its method, its address under the service's base, who
 * makes it and a body to start from. The console's playgrounds run them; nothing here is typed per service.
 */
import { callUrl, type CallCaller } from './call-types';
import { writableSchema } from './call-shapes';
import { collectionPath } from './relations';
import type { JsonSchema, Operation, PageDecl, PlayerReadDecl, PlaygroundExampleDecl, ResourceDecl, ServiceDecl, Text } from './types';

export interface PlaygroundExample {
  /** The name the declaration gives it (`players.me`, `configs.list`, `inventory.player`). */
  name: string;
  /** The declaration's own words for it: a call's summary, or the resource operation's in both languages. */
  label: Text;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The address, service base included, `:name` where a path parameter goes, a list's paging as its query. */
  path: string;
  /** `service` and `public` calls carry the app credential; `player` and `persona` ones a test player's token. */
  caller: CallCaller;
  /** The body it starts with, for the calls that take one. */
  body?: unknown;
  /** Path parameters that name a record of one of the service's resources, by the resource's name. */
  records?: Record<string, string>;
}

/** How to list a resource's records for choosing one: its list call, and where its answer holds the rows. */
export interface RecordChoices {
  method: PlaygroundExample['method'];
  path: string;
  body?: unknown;
  /** The answer's array: `items` (rest), the list key (passport), or the answer itself (cdn). */
  rows: string | null;
  idField: string;
  titleField: string;
}

const PAGE = 20;

/** A value of a schema to start an example from: its first example, its default, else the least its type allows. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return structuredClone(schema.examples[0]);
  if ('default' in schema) return structuredClone(schema.default);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(required.filter((k) => properties[k]).map((k) => [k, sampleOf(properties[k])]));
    }
    case 'array':
      return typeof schema.minItems === 'number' && schema.minItems > 0 ? [sampleOf(schema.items as JsonSchema)] : [];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      return schema.format === 'date-time' ? '2030-01-01T00:00:00Z' : typeof schema.minLength === 'number' && schema.minLength > 0 ? 'example' : '';
    default:
      return undefined;
  }
}

const OPERATION_LABELS: Partial<Record<Operation, (r: ResourceDecl) => Text>> = {
  list: (r) => ({ 'zh-CN': `查询${r.label['zh-CN']}列表`, en: `List ${r.label.en.toLowerCase()}` }),
  show: (r) => ({ 'zh-CN': `读取一个${r.singular['zh-CN']}`, en: `Read one ${r.singular.en}` }),
  create: (r) => ({ 'zh-CN': `新建${r.singular['zh-CN']}`, en: `Create a ${r.singular.en}` }),
  update: (r) => ({ 'zh-CN': `修改${r.singular['zh-CN']}`, en: `Update a ${r.singular.en}` }),
  delete: (r) => ({ 'zh-CN': `删除${r.singular['zh-CN']}`, en: `Delete a ${r.singular.en}` }),
};

const english = (summary: string): Text => ({ 'zh-CN': summary, en: summary });

/** A resource's list, the way its service's convention pages it. */
function listExample(service: ServiceDecl, r: ResourceDecl, collection: string): Omit<PlaygroundExample, 'name' | 'label'> {
  const base = { caller: 'service' as const };
  if (r.singleton) return { ...base, method: 'GET', path: collection };
  if (service.convention === 'passport') {
    return r.list.unpaged ? { ...base, method: 'GET', path: collection } : { ...base, method: 'POST', path: `${collection}/search`, body: { count: PAGE, start: 0 } };
  }
  if (service.convention === 'cdn') return { ...base, method: 'GET', path: `${collection}?offset=0&limit=${PAGE}` };
  return { ...base, method: 'GET', path: `${collection}?page=1&pageSize=${PAGE}` };
}

/** One operation of a resource as an example; undefined when the resource does not offer it. */
function operationExample(service: ServiceDecl, r: ResourceDecl, operation: Operation): Omit<PlaygroundExample, 'name'> | undefined {
  const label = OPERATION_LABELS[operation]?.(r);
  if (!label) return undefined;
  const collection = collectionPath(service, r);
  const item = r.singleton ? collection : `${collection}/:${r.idParam ?? 'id'}`;
  const body = sampleOf(writableSchema(r.schema));
  if (r.singleton) {
    if (operation === 'list' || operation === 'show') return { label, caller: 'service', method: 'GET', path: collection };
    if (operation === 'update') return { label, caller: 'service', method: r.singleton.write, path: collection, body };
    return undefined;
  }
  if (!r.operations.includes(operation)) return undefined;
  const records = { records: { [r.idParam ?? 'id']: r.name } };
  switch (operation) {
    case 'list':
      return { label, ...listExample(service, r, collection) };
    case 'show':
      return { label, caller: 'service', method: 'GET', path: item, ...records };
    case 'create':
      return { label, caller: 'service', method: 'POST', path: collection, body };
    case 'update':
      return { label, caller: 'service', method: 'PUT', path: item, body, ...records };
    case 'delete':
      return { label, caller: 'service', method: 'DELETE', path: item, ...records };
    default:
      return undefined;
  }
}

/** The examples one name of the declaration stands for (a resource's player reads may be several). */
function examplesNamed(service: ServiceDecl, name: string): Omit<PlaygroundExample, 'name'>[] {
  const call = service.calls?.[name];
  if (call) {
    const body = call.body ? sampleOf(call.body) : call.optionalBody ? sampleOf(call.optionalBody) : undefined;
    const first = call.path.match(/:(\w+)/)?.[1];
    const records = call.record && first ? { records: { [first]: call.record.resource } } : {};
    // A query the call requires starts filled with sample values, like a body.
    const query = Object.entries((call.query && (sampleOf(call.query) as Record<string, unknown>)) ?? {});
    const path = `${callUrl(service.base, call)}${query.length ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : ''}`;
    return [{ label: english(call.summary), method: call.method, path, caller: call.caller, ...(body === undefined ? {} : { body }), ...records }];
  }
  const dot = name.lastIndexOf('.');
  const resource = service.resources.find((r) => r.name === name.slice(0, dot));
  const what = name.slice(dot + 1);
  if (resource && what === 'player') {
    const asPersona = (read: PlayerReadDecl) => !!read.persona || (read.owner !== 'app' && Object.values(read.owner).includes('persona'));
    return (resource.player ?? []).map((read) => ({ label: english(read.summary), method: 'GET', path: `${service.base}${read.path}`, caller: asPersona(read) ? 'persona' : 'player' }));
  }
  const operation = resource && operationExample(service, resource, what as Operation);
  if (!operation) throw new Error(`${service.name}: the playground names '${name}', which is not a declared call, resource operation or player read`);
  return [operation];
}

const entryOf = (entry: string | PlaygroundExampleDecl): PlaygroundExampleDecl => (typeof entry === 'string' ? { name: entry } : entry);

/**
 * The examples of a service's playground page: the names it declares, in order, or every declared call and every
 * resource's list. A name the service does not declare is a mistake in the declaration (thrown).
 */
export function playgroundExamples(service: ServiceDecl, page?: Pick<PageDecl, 'playground'>): PlaygroundExample[] {
  const declared = page?.playground?.examples;
  const entries = declared
    ? declared.map(entryOf)
    : [...Object.keys(service.calls ?? {}), ...service.resources.filter((r) => r.singleton || r.operations.includes('list')).map((r) => `${r.name}.list`)].map(entryOf);
  return entries.flatMap((entry) =>
    examplesNamed(service, entry.name).map((example) => ({
      name: entry.name,
      ...example,
      ...(entry.label ? { label: entry.label } : {}),
      ...(entry.body === undefined ? {} : { body: structuredClone(entry.body) }),
    })),
  );
}

/** How to list a top-level resource's records to choose one for a path parameter; undefined when it has no list. */
export function recordChoices(service: ServiceDecl, resource: string): RecordChoices | undefined {
  const r = service.resources.find((x) => x.name === resource);
  if (!r || r.parent || r.singleton || !r.operations.includes('list')) return undefined;
  const list = listExample(service, r, collectionPath(service, r));
  const rows = service.convention === 'passport' ? (r.listKey ?? r.name) : service.convention === 'cdn' ? null : 'items';
  return { method: list.method, path: list.path, ...(list.body === undefined ? {} : { body: list.body }), rows, idField: r.idField, titleField: r.titleField };
}

/** The `{ id, title }` of each record a list answer holds. */
export function choicesIn(answer: unknown, choices: Pick<RecordChoices, 'rows' | 'idField' | 'titleField'>): { id: string; title: string }[] {
  const rows = choices.rows === null ? answer : (answer as Record<string, unknown> | null)?.[choices.rows];
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: Record<string, unknown>) => (typeof row?.[choices.idField] === 'string' ? [{ id: row[choices.idField] as string, title: String(row[choices.titleField] ?? '') }] : []));
}

/**
 * An example's body with the page's known values put in for the top-level fields of the same name it has (the realm a
 * test player signed in to, for a persona's create); any other body as it is.
 */
export function withValues(body: unknown, values: Record<string, string> = {}): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const known = Object.entries(values).filter(([k]) => k in body);
  return known.length ? { ...body, ...Object.fromEntries(known) } : body;
}

/** Whether this deployment serves the service at all: it declares records or calls for the engine to mount. */
export const serviceBuilt = (service: ServiceDecl): boolean => service.resources.length > 0 || Object.keys(service.calls ?? {}).length > 0;

/** The `:name`s of an example's path that still need a value. */
export const pathParams = (path: string): string[] => [...new Set([...path.split('?')[0].matchAll(/:(\w+)/g)].map((m) => m[1]))];

/** An example's path with its parameters filled in (each value escaped); a parameter without a value stays as it is. */
export function fillPath(path: string, values: Record<string, string>): string {
  const [address, query] = path.split(/\?(.*)/s, 2);
  const filled = address.replace(/:(\w+)/g, (mark, name: string) => (values[name] ? encodeURIComponent(values[name]) : mark));
  return query === undefined ? filled : `${filled}?${query}`;
}
