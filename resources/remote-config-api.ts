/** What a remote-config evaluation answers (POST /uconfig/v1/settings/simulate), for the server and the console. */
import type { ValueType } from './formats';

export type OverrideReason = 'applied' | 'disabled' | 'not-started' | 'ended' | 'rule-false' | 'rule-error' | 'outside-rollout' | 'no-variant';

export interface PlayerContext {
  user?: { id?: string; [k: string]: unknown };
  app?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface EvaluatedConfig {
  key: string;
  type: ValueType;
  value: unknown;
  source: 'default' | 'override';
  overrideId?: string;
  overrideName?: string;
  variant?: string;
}

export interface EvaluatedOverride {
  id: string;
  name: string;
  priority: number;
  applied: boolean;
  reason: OverrideReason;
  bucket?: number;
  variant?: string;
  error?: string;
  /** The keys an applied override's variant sets that the player does not get from it, and why. */
  unused?: UnusedValue[];
}

/**
 * Why a value an applied variant sets is not delivered: no config has its key (deleted or renamed), it does not fit
 * the config's type, or an override of higher precedence sets the same key (`by` names it).
 */
export interface UnusedValue {
  key: string;
  why: 'no-config' | 'wrong-type' | 'taken';
  by?: string;
}

export interface Evaluation {
  /** key → value in its type. */
  settings: Record<string, unknown>;
  /** Every config with the value the player gets and where it came from, in the order given. */
  configs: EvaluatedConfig[];
  /** Every override in precedence order, with whether it applied and why (not). */
  overrides: EvaluatedOverride[];
}
