import { ok } from './call-shapes';
import type { AccessDecl, ActionDecl, JsonSchema, ListDecl, Operation, ResourceDecl, Text } from './types';

/**
 * A resource declared by its schema and what differs from the usual: everything `defineResource` fills in may
 * still be given, and then wins.
 */
export interface ResourceInput extends Partial<Omit<ResourceDecl, 'name' | 'schema' | 'label' | 'list'>> {
  name: string;
  schema: JsonSchema;
  /** Default: the schema's `x-ui.label`. */
  label?: Text;
  /** Merged over the derived list (its `columns` replace the derived ones). */
  list?: Partial<ListDecl>;
  /** The service's name, for the console's list route `<service>/<name>` when `routes` is not given. */
  service?: string;
}

/** The usual operations of a collection: every single-record call. */
export const CRUD: Operation[] = ['list', 'create', 'show', 'update', 'delete'];

/** The usual access: the game's server (the app credential) and the platform's administrators. */
export const defaultAccess = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

/** How many of the schema's own fields the derived list shows (before `updatedAt`). */
const DERIVED_COLUMNS = 4;

type Props = Record<string, JsonSchema>;

const propsOf = (schema: JsonSchema): Props => (schema.properties ?? {}) as Props;

const isText = (v: unknown): v is Text => typeof v === 'object' && v !== null && typeof (v as Text).en === 'string' && typeof (v as Text)['zh-CN'] === 'string';

/** A text of the schema's own `x-ui` (`label`, `title`), when it has one. */
function schemaText(schema: JsonSchema, key: 'label' | 'title'): Text | undefined {
  const value = (schema['x-ui'] as Record<string, unknown> | undefined)?.[key];
  return isText(value) ? value : undefined;
}

/** The field a record is called by: `name`, else `title`, else the first text field. */
export function titleFieldOf(schema: JsonSchema): string | undefined {
  const p = propsOf(schema);
  return ['name', 'title'].find((k) => p[k]?.type === 'string') ?? Object.keys(p).find((k) => p[k].type === 'string');
}

/** The list's columns: the first few fields holding one value (no objects or arrays, nothing write-only), then `updatedAt`. */
export function columnsOf(schema: JsonSchema): string[] {
  const p = propsOf(schema);
  const scalar = Object.keys(p).filter((k) => ['string', 'number', 'integer', 'boolean'].includes(p[k].type as string) && p[k].writeOnly !== true);
  return [...scalar.slice(0, DERIVED_COLUMNS), 'updatedAt'];
}

/**
 * A plain resource: its id is `id`, it belongs to an app, it has every single-record call at `/<name>`, the game's
 * server and administrators read and write it, its list shows its first fields, and the console lists it at
 * `<service>/<name>`. Its names come from the schema's `x-ui` texts where the input does not give them.
 */
export function defineResource(input: ResourceInput): ResourceDecl {
  const { service, list, label: givenLabel, ...rest } = input;
  const label = givenLabel ?? schemaText(input.schema, 'label');
  const titleField = input.titleField ?? titleFieldOf(input.schema);
  const routes = input.routes ?? (service ? { list: `${service}/${input.name}` } : undefined);
  if (!label) throw new Error(`${input.name}: no label given and the schema has no x-ui.label`);
  if (!titleField) throw new Error(`${input.name}: no titleField given and the schema has no text field`);
  if (!routes) throw new Error(`${input.name}: give its routes or its service's name`);
  return {
    ...rest,
    label,
    singular: input.singular ?? schemaText(input.schema, 'title') ?? label,
    path: input.path ?? `/${input.name}`,
    idField: input.idField ?? 'id',
    titleField,
    scope: input.scope ?? 'app',
    operations: input.operations ?? [...CRUD],
    list: { columns: columnsOf(input.schema), ...list },
    access: input.access ?? defaultAccess(),
    routes,
  };
}

/**
 * State moves as custom methods of a record (`POST <item>:<name>`, Google's style), performed by the service's code:
 * each answers with the record after the move (`answer` names it) and is refused with `refused` (409) from any state
 * but `from`.
 */
export const serviceMoves =
  (answer: string) =>
  (name: string, label: Text, from: string[], to: string, refused: string, summary: string, extra: Partial<ActionDecl> = {}): ActionDecl => ({
    name,
    label,
    from,
    to,
    method: 'POST',
    path: `:${name}`,
    refused,
    implementedBy: 'service',
    api: { summary, answer: ok(answer), errors: [400, 401, 403, 404, 409] },
    ...extra,
  });
