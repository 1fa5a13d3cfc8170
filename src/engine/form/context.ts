/** What every widget of a declared form can read through RJSF's `registry.formContext`. */
export interface FormContext {
  /** The app the form works for (service calls carry its credential). */
  appId?: string;
  /** The declaring service's name. */
  serviceName: string;
  /** The whole form's current data, for widgets that depend on a sibling field. */
  rootData: Record<string, unknown>;
  /** The record the form's resource is nested under (a sub-resource's parent): choices of its sibling records. */
  parent?: FormParent;
}

/** A record a form works under: its resource's name and its id. */
export interface FormParent {
  resource: string;
  id: string;
}

/** The value at a path of property names and array indexes. */
export function valueAt(data: unknown, path: (string | number)[]): unknown {
  let node: unknown = data;
  for (const step of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[step];
  }
  return node;
}
