import type { JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';
import { isSet, writeOnlyFields } from '../../resources/field-access';
import type { Data } from './store';

/**
 * Masked secrets (`x-mask-of: '<write-only field>'` on a read-only string): the field holds what may be shown of the
 * secret — six dots, then its last four characters when it has at least twelve, nothing when none is set — kept up
 * to date by the engine on every write that carries the secret, so the console and the history can tell which key is
 * in use without ever answering it.
 */

type Props = Record<string, JsonSchema>;
const masksOf = (res: ResourceDecl) => Object.entries((res.schema.properties ?? {}) as Props).flatMap(([f, s]) => (s['x-mask-of'] === undefined ? [] : [[f, s['x-mask-of']] as const]));

/** What may be shown of a secret. */
export const maskSecret = (secret: string) => (secret ? `••••••${secret.length >= 12 ? secret.slice(-4) : ''}` : '');

/** Refuses, at start-up, a mask of something that is not a write-only field, or a mask that could be written. */
export function checkMasks(service: ServiceDecl, res: ResourceDecl): void {
  const props = (res.schema.properties ?? {}) as Props;
  for (const [f, of] of masksOf(res)) {
    if (typeof of !== 'string' || !writeOnlyFields(res.schema).includes(of)) throw new Error(`${service.name}/${res.name}: x-mask-of of '${f}' must name a write-only field`);
    if (props[f].readOnly !== true || props[f].type !== 'string') throw new Error(`${service.name}/${res.name}: '${f}' masks a secret, so it is a read-only string`);
  }
}

/** The masks of the secrets a write carries (a secret left out keeps its stored mask). */
export function maskedFields(res: ResourceDecl, data: Data): Data {
  return Object.fromEntries(masksOf(res).flatMap(([f, of]) => (data[of as string] === undefined ? [] : [[f, maskSecret(String(data[of as string] ?? ''))]])));
}

/** A moved row's data as a write stores it: its masks worked out, its write-only values left out when not set. */
export function movedData(res: ResourceDecl, data: Data): Data {
  const out = { ...data, ...maskedFields(res, data) };
  for (const f of writeOnlyFields(res.schema)) if (!isSet(out[f])) delete out[f];
  return out;
}
