import { xui, type PropSchema } from './schema';

/** Room for free-text columns (they share what is left) when the table has to scroll sideways. */
export const FLEX_WIDTH = 160;

/** A sensible width for a column, from its schema (or `x-ui.width`). Free text takes what is left. */
export function widthOf(field: string, prop: PropSchema | undefined, isStatus: boolean): number | undefined {
  const declared = xui(prop).width;
  if (declared) return declared;
  if (isStatus) return 90;
  if (field === 'createdAt' || field === 'updatedAt' || prop?.format === 'date-time') return 180;
  if (prop?.type === 'integer' || prop?.type === 'number') return xui(prop).widget === 'percent' ? 100 : 80;
  if (prop?.enum) return 100;
  return undefined;
}

/** The console's own titles of the timestamps every record has. */
export const TIMESTAMP_TITLES: Record<string, string> = { createdAt: 'engine.createdAt', updatedAt: 'engine.updatedAt' };
