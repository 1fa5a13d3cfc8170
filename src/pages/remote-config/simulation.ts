/** The remote-config simulation: what a player with a context gets, and why (POST /settings/simulate). */

export type {
  EvaluatedConfig as SimulatedConfig,
  EvaluatedOverride as SimulatedOverride,
  Evaluation as Simulation,
  OverrideReason,
} from '../../../resources/remote-config-api';

/** What the user typed on the playground. */
export interface PlayerInput {
  playerId?: string;
  country?: string;
  appVersion?: string;
  platform?: string;
  extra?: string;
  /** ISO UTC instant, or empty for now. */
  at?: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merged key by key (the right side wins); anything else is replaced. */
export function deepMerge(left: Json, right: Json): Json {
  const out: Json = { ...left };
  for (const [key, value] of Object.entries(right)) out[key] = isObject(out[key]) && isObject(value) ? deepMerge(out[key] as Json, value) : value;
  return out;
}

/** The extra JSON as an object, or undefined when it does not parse to one. Empty is an empty object. */
export function parseExtra(text: string | undefined): Json | undefined {
  if (!text?.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

const clean = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== ''));

/** The request body: `{ context: { user: { id, country }, app: { version, platform }, ...extra }, at? }`. */
export function simulationBody(input: PlayerInput): { context: Json; at?: string } | undefined {
  const extra = parseExtra(input.extra);
  if (!extra) return undefined;
  const base: Json = {
    user: clean({ id: input.playerId?.trim(), country: input.country?.trim() }),
    app: clean({ version: input.appVersion?.trim(), platform: input.platform }),
  };
  const context = deepMerge(base, extra);
  return input.at ? { context, at: input.at } : { context };
}
