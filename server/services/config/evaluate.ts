/**
 * The one remote-config evaluator: what a player gets, and why. Both the console's simulation and the players'
 * fetch call this, so what the console shows is what players receive.
 */
import { isValidTypedValue, parseTypedValue, type ValueType } from '../../../resources/formats';
import { inRollout, pickVariant, rolloutBucket } from './bucket';
import { evaluateRule, prepareRuleContext } from './rules';

export interface ConfigItem {
  id: string;
  key: string;
  type: ValueType;
  value: string;
  variableType?: 'keyValue' | 'json';
}

export interface Variant {
  name: string;
  weight: number;
  values: Record<string, string>;
}

export interface OverrideItem {
  id: string;
  name: string;
  status: 'enable' | 'disable';
  rule?: string;
  priority?: number;
  startTime?: string;
  endTime?: string;
  rolloutPercentage?: number;
  variants?: Variant[];
}

import type { EvaluatedConfig, EvaluatedOverride, Evaluation, PlayerContext, UnusedValue } from '../../../resources/remote-config-api';
export type { EvaluatedConfig, EvaluatedOverride, Evaluation, OverrideReason, PlayerContext } from '../../../resources/remote-config-api';

export const DEFAULT_PRIORITY = 100;
export const DEFAULT_ROLLOUT = 100;

const priorityOf = (o: OverrideItem) => (typeof o.priority === 'number' && Number.isFinite(o.priority) ? o.priority : DEFAULT_PRIORITY);

/** Precedence: lower priority number first; equal priorities in id order, so the outcome never depends on input order. */
function byPrecedence(a: OverrideItem, b: OverrideItem): number {
  const d = priorityOf(a) - priorityOf(b);
  if (d !== 0) return d;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A time bound, or undefined when absent or unreadable. */
function timeOf(text: string | undefined): number | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  const t = Date.parse(text);
  return Number.isNaN(t) ? undefined : t;
}

function playerIdOf(context: PlayerContext): string | undefined {
  const id = context.user?.id as unknown;
  if (typeof id === 'string' && id !== '') return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return undefined;
}

/** A stored value in its type; a stored value that does not fit its type (refused on write) is delivered as null. */
function typedValue(type: ValueType, text: string): unknown {
  return typeof text === 'string' && isValidTypedValue(type, text) ? parseTypedValue(type, text) : null;
}

/** Sets `key` as an own property even when it is "__proto__". */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Applied {
  override: OverrideItem;
  variant: Variant;
  entry: EvaluatedOverride;
}

/** Notes on each applied override the values of its variant that the player does not get from it, and why. */
function noteUnused(applied: Applied[], configs: ConfigItem[], evaluated: EvaluatedConfig[]): void {
  const byKey = new Map(configs.map((c, i) => [c.key, { config: c, result: evaluated[i] }]));
  for (const { override, variant, entry } of applied) {
    const values = variant.values !== null && typeof variant.values === 'object' ? variant.values : {};
    const unused: UnusedValue[] = [];
    for (const key of Object.keys(values)) {
      const known = byKey.get(key);
      if (!known) unused.push({ key, why: 'no-config' });
      else if (!isValidTypedValue(known.config.type, values[key])) unused.push({ key, why: 'wrong-type' });
      else if (known.result.overrideId !== override.id) unused.push({ key, why: 'taken', by: known.result.overrideName });
    }
    if (unused.length) entry.unused = unused;
  }
}

/**
 * Evaluates all overrides for one player at one moment. Starting from every config's default, overrides are
 * considered in precedence order; one applies when it is enabled, inside its schedule (from startTime inclusive to
 * endTime exclusive), its rule matches, the player is inside its rollout, and a variant can be picked. Each config
 * takes its value from the highest-precedence applied override whose variant sets that key with a value valid for
 * the config's type; values for keys with no config, and values that do not fit the type, are ignored.
 *
 * The rollout bucket needs the player id (context.user.id); without one, only a rollout of 100 admits the player,
 * and the variant is then picked as for an empty player id (the same for every such player).
 */
export function evaluateSettings(input: { configs: ConfigItem[]; overrides: OverrideItem[]; context: PlayerContext; at: Date }): Evaluation {
  const { configs, overrides, context, at } = input;
  const now = at.getTime();
  const playerId = playerIdOf(context ?? {});

  let ruleContext: Record<string, unknown> | undefined;
  let contextError: string | undefined;
  try {
    ruleContext = prepareRuleContext(context ?? {});
  } catch (e) {
    contextError = `The player context is not JSON data: ${e instanceof Error ? e.message : String(e)}`;
  }

  const report: EvaluatedOverride[] = [];
  const applied: Applied[] = [];

  for (const override of [...overrides].sort(byPrecedence)) {
    const entry: EvaluatedOverride = { id: override.id, name: override.name, priority: priorityOf(override), applied: false, reason: 'applied' };
    report.push(entry);

    if (override.status !== 'enable') {
      entry.reason = 'disabled';
      continue;
    }
    const start = timeOf(override.startTime);
    if (start !== undefined && now < start) {
      entry.reason = 'not-started';
      continue;
    }
    const end = timeOf(override.endTime);
    if (end !== undefined && now >= end) {
      entry.reason = 'ended';
      continue;
    }

    const rule = typeof override.rule === 'string' ? override.rule : '';
    if (rule.trim() !== '') {
      if (!ruleContext) {
        entry.reason = 'rule-error';
        entry.error = contextError;
        continue;
      }
      const verdict = evaluateRule(rule, ruleContext);
      if (verdict.error !== undefined) {
        entry.reason = 'rule-error';
        entry.error = verdict.error;
        continue;
      }
      if (!verdict.matched) {
        entry.reason = 'rule-false';
        continue;
      }
    }

    const percentage = typeof override.rolloutPercentage === 'number' && Number.isFinite(override.rolloutPercentage) ? override.rolloutPercentage : DEFAULT_ROLLOUT;
    if (playerId !== undefined) entry.bucket = rolloutBucket(override.id, playerId);
    const admitted = playerId !== undefined ? inRollout(override.id, playerId, percentage) : percentage >= 100;
    if (!admitted) {
      entry.reason = 'outside-rollout';
      continue;
    }

    const variant = pickVariant(override.id, playerId ?? '', Array.isArray(override.variants) ? override.variants : []);
    if (!variant) {
      entry.reason = 'no-variant';
      continue;
    }
    entry.applied = true;
    entry.reason = 'applied';
    entry.variant = variant.name;
    applied.push({ override, variant, entry });
  }

  const settings: Record<string, unknown> = {};
  const evaluated: EvaluatedConfig[] = configs.map((config) => {
    const winner = applied.find(({ variant }) => {
      const values = variant.values;
      if (values === null || typeof values !== 'object' || !Object.hasOwn(values, config.key)) return false;
      const text = values[config.key];
      return typeof text === 'string' && isValidTypedValue(config.type, text);
    });
    const result: EvaluatedConfig = winner
      ? {
          key: config.key,
          type: config.type,
          value: parseTypedValue(config.type, winner.variant.values[config.key]),
          source: 'override',
          overrideId: winner.override.id,
          overrideName: winner.override.name,
          variant: winner.variant.name,
        }
      : { key: config.key, type: config.type, value: typedValue(config.type, config.value), source: 'default' };
    put(settings, config.key, result.value);
    return result;
  });

  noteUnused(applied, configs, evaluated);
  return { settings, configs: evaluated, overrides: report };
}
