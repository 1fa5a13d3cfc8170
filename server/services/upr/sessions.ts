import { upr } from '../../../resources/upr';
import { UPR_LIMITS } from '../../../resources/upr/limits';
import { modelOf, type Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { emptySeries, summaryOf, withSamples, type Sample, type Series } from './summary';

const sessionsOf = (ctx: Ctx) => modelOf(ctx, upr.name, 'sessions');

interface Report {
  sessionId?: string;
  name?: string;
  device?: string;
  platform?: string;
  appVersion?: string;
  scene?: string;
  samples: Sample[];
}

/** A session as lists and reports answer it: everything but its samples. */
export function withoutSamples(session: Data): Data {
  const { series: _series, ...rest } = session;
  return rest;
}

/**
 * A report: a new session made of its description and samples, or the samples added to the session it names —
 * in one transaction holding that session, so two reports of one session add up. The summary is worked out again
 * over every sample kept. Refused whole when the session would pass its bound.
 */
async function report(ctx: Ctx, scopeId: string, body: Report, playerId?: string): Promise<Data> {
  const m = sessionsOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const sessions = records(tx, m);
    const existing = body.sessionId ? await sessions.get(scopeId, body.sessionId, { lock: 'update', message: 'no such session' }) : undefined;
    if (!existing && !body.name) throw badRequest([{ field: '/name', message: 'a new session needs a name' }]);
    const before = (existing?.series as Series | undefined) ?? emptySeries();
    if (before.t.length + body.samples.length > UPR_LIMITS.samplesPerSession) {
      throw badRequest([{ field: '/samples', message: `a session holds at most ${UPR_LIMITS.samplesPerSession} samples` }]);
    }
    const series = withSamples(before, body.samples);
    const kept = { series, ...summaryOf(series) };
    if (existing) return sessions.updateOne(scopeId, String(existing.id), { set: kept });
    const { sessionId: _id, samples: _samples, ...described } = body;
    return sessions.insert(scopeId, { ...described, ...(playerId ? { playerId } : {}), ...kept });
  });
}

interface Listing {
  count?: number;
  start?: number;
  platform?: string;
  q?: string;
}

export const uprSessionCalls = (ctx: Ctx): CallHandlers => ({
  'sessions.report': async ({ scopeId, input }) => withoutSamples(await report(ctx, scopeId, input as unknown as Report)),
  'sdk.report': async ({ scopeId, input, player }) => withoutSamples(await report(ctx, scopeId, input as unknown as Report, player!.userId)),

  sessions: async (call) => {
    const { count = 50, start = 0, platform, q } = call.input as Listing;
    const text = q ? { $or: ['name', 'device', 'scene'].map((f) => ({ [f]: { $search: q } })) } : {};
    const where = { ...(platform ? { platform } : {}), ...text };
    const page = await records(ctx.db, sessionsOf(ctx)).page(call.scopeId, { where, orderBy: '-createdAt', limit: count, offset: start });
    return { total: page.total, sessions: page.items.map(withoutSamples) };
  },

  overview: async (call) => {
    const sessions = records(ctx.db, sessionsOf(ctx));
    const [totals] = await sessions.aggregate(call.scopeId, { measures: { sessions: ['count'], samples: ['sum', 'sampleCount'], last: ['max', 'updatedAt'] } });
    const last = totals?.last;
    return {
      appId: call.scopeId,
      sessionCount: Number(totals?.sessions ?? 0),
      sampleCount: Number(totals?.samples ?? 0),
      lastReportedAt: last ? new Date(last).toISOString() : null,
      limits: { samplesPerReport: UPR_LIMITS.samplesPerReport, samplesPerSession: UPR_LIMITS.samplesPerSession },
    };
  },
});
