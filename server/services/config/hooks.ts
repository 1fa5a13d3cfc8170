import { isValidTypedValue, type ValueType } from '../../../resources/formats';
import type { FieldError } from '../../engine/errors';
import type { ResourceHooks } from '../../engine/hooks';
import { modelOf } from '../../context';
import { validateRule } from './rules';

interface VariantIn {
  name: string;
  weight: number;
  values: Record<string, string>;
}

/**
 * An override is stored only if its rule parses, its schedule runs forwards, its variant weights add up to 100
 * with distinct names, and every value it sets fits its config's type. That a config has each key is checked by the
 * engine (the declared reference `variants[].values{}`).
 */
export const overrideHooks: ResourceHooks = {
  async validate({ ctx, scopeId, data }) {
    const errors: FieldError[] = [];
    const rule = typeof data.rule === 'string' ? data.rule : '';
    const parsed = validateRule(rule);
    if (!parsed.valid) errors.push({ field: '/rule', message: parsed.error.message });

    if (typeof data.startTime === 'string' && typeof data.endTime === 'string' && Date.parse(data.endTime) <= Date.parse(data.startTime)) {
      errors.push({ field: '/endTime', message: 'must be after the start time' });
    }

    const variants = (data.variants ?? []) as VariantIn[];
    const total = variants.reduce((sum, v) => sum + v.weight, 0);
    if (variants.length && total !== 100) errors.push({ field: '/variants', message: `variant weights must add up to 100 (now ${total})` });
    const names = new Set<string>();
    variants.forEach((v, i) => {
      if (names.has(v.name)) errors.push({ field: `/variants/${i}/name`, message: 'duplicate variant name' });
      names.add(v.name);
    });

    const keys = variants.flatMap((v) => Object.keys(v.values));
    if (keys.length) {
      const configs = await ctx.store.all(modelOf(ctx, 'remote-config', 'configs'), scopeId);
      const typeOf = new Map(configs.map((c) => [c.key as string, c.type as ValueType]));
      variants.forEach((v, i) => {
        for (const [key, value] of Object.entries(v.values)) {
          const type = typeOf.get(key);
          if (type && !isValidTypedValue(type, value)) errors.push({ field: `/variants/${i}/values/${key}`, message: `not a valid ${type} value` });
        }
      });
    }
    return errors;
  },
};
