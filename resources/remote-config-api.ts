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
}

export interface Evaluation {
  /** key → value in its type. */
  settings: Record<string, unknown>;
  /** Every config with the value the player gets and where it came from, in the order given. */
  configs: EvaluatedConfig[];
  /** Every override in precedence order, with whether it applied and why (not). */
  overrides: EvaluatedOverride[];
}
