import type { ResourceDecl } from '../../../../resources/types';
import type { OptionsFrom } from '../../schema';
import type { FormParent } from '../context';

/**
 * Where a choice of records (`x-ui.optionsFrom`) reads them. A sub-resource's records exist only under a parent, so
 * they are listed under the record the form works under when it is one of that parent resource (a badge's release,
 * chosen among the bucket's releases), or under the record the form's `parentField` holds (a publish's release,
 * among the releases of the bucket chosen in the form), or under the open app when the app is their parent; without
 * one there is nothing to list. Undefined: no parent
 * is needed.
 */
export function optionsParentId(
  target: ResourceDecl | undefined,
  parent: FormParent | undefined,
  from?: OptionsFrom,
  data?: Record<string, unknown>,
  appId?: string,
): string | null | undefined {
  if (!target?.parent) return undefined;
  if (from?.parentField) {
    const chosen = data?.[from.parentField];
    return typeof chosen === 'string' && chosen !== '' ? chosen : null;
  }
  // Records whose parent is the app itself (`parent.ofApp`: Matchmaking's configs) are listed under the open app.
  if (target.parent.ofApp) return appId || null;
  return parent && parent.resource === target.parent.resource ? parent.id : null;
}

/** The service whose resource a choice lists: the one `optionsFrom` names, else the form's. */
export const optionsService = (from: OptionsFrom | undefined, formService: string): string => from?.service ?? formService;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * One choice: the stored value, and what it reads as — its `label` field (a number as `#n`: a release's number),
 * then its `hint` field after a dot (a release's notes); the value itself when the record names nothing else.
 */
export function referenceOption(from: OptionsFrom | undefined, record: Record<string, unknown>): { value: string; label: string } {
  const value = String(record[from?.value ?? 'id'] ?? '');
  const name = from?.label ? record[from.label] : undefined;
  const label = blank(name) || String(name) === value ? value : typeof name === 'number' ? `#${name}` : String(name);
  const hint = from?.hint ? record[from.hint] : undefined;
  return { value, label: blank(hint) ? label : `${label} · ${String(hint)}` };
}
