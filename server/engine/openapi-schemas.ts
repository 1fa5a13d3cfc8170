/**
 * Schemas that name themselves (`$id`, e.g. a service's view answer) may be used by several operations. A document
 * holding the same `$id` twice names two schema resources alike, which JSON Schema leaves undefined: each such schema
 * goes once into `components.schemas`, and every place that used it refers to it there.
 */

/** A component name (`^[A-Za-z0-9._-]+$`) for a schema id: `lodestar:passport/players/views/real-name` → `passport.players.views.real-name`. */
const componentName = (id: string): string => id.replace(/^[a-z][a-z0-9+.-]*:/i, '').replace(/\//g, '.').replace(/[^A-Za-z0-9._-]/g, '_');

export function identifiedSchemas() {
  const components: Record<string, unknown> = {};
  const owners = new Map<string, string>();

  /** A copy of `value` in which every schema with an `$id` is a `$ref` to its component. */
  function place<T>(value: T): T {
    if (Array.isArray(value)) return value.map(place) as T;
    if (!value || typeof value !== 'object') return value;
    const copy = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, place(v)]));
    const id = (value as Record<string, unknown>).$id;
    if (typeof id !== 'string') return copy as T;
    const name = componentName(id);
    const owner = owners.get(name);
    if (owner !== undefined && owner !== id) throw new Error(`OpenAPI: schema ids ${owner} and ${id} give the same component name ${name}`);
    owners.set(name, id);
    components[name] ??= copy;
    return { $ref: `#/components/schemas/${name}` } as T;
  }

  return { components, place };
}
