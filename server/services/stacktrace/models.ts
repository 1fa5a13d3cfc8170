import { stacktrace } from '../../../resources/stacktrace';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = stacktrace.name;

/** Stacktrace's record models: symbol files, their Breakpad texts, and crash records. */
export const stacktraceModels = (ctx: Ctx) => ({
  symbols: modelOf(ctx, SERVICE, 'symbols'),
  texts: modelOf(ctx, SERVICE, 'symbol-texts'),
  records: modelOf(ctx, SERVICE, 'records'),
});
