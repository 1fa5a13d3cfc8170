/** The detect board (`detect-list`) and the overview (`statistics-overview-and-risk`), over the app's packages. */
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { safeModels } from './models';
import type { Risk } from './risks';

const ROW_FIELDS = ['id', 'fileName', 'package', 'versionName', 'signerSha1', 'signatureVerified', 'signerRegistered', 'highestSeverity', 'riskCount', 'risks', 'createdAt'];
const pick = (r: Data) => Object.fromEntries(ROW_FIELDS.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

export function boardCalls(ctx: Ctx): CallHandlers {
  const m = safeModels(ctx);
  return {
    detectList: async ({ scopeId, input }) => {
      const { page = 1, pageSize = 20, severity } = input as { page?: number; pageSize?: number; severity?: string };
      const { total, items } = await records(ctx.db, m.protections).page(scopeId, {
        where: { appId: scopeId, ...(severity ? { highestSeverity: severity } : {}) },
        orderBy: '-createdAt',
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { total, items: items.map(pick) };
    },
    statistics: async ({ scopeId }) => {
      const count = (where: Data) => records(ctx.db, m.protections).count(scopeId, { appId: scopeId, ...where });
      const [packages, processing, succeed, failed, high, medium, low, none, unregisteredSigners, unverifiedSignatures] = await Promise.all([
        count({}),
        ...['processing', 'succeed', 'failed'].map((status) => count({ status })),
        ...['high', 'medium', 'low', 'none'].map((highestSeverity) => count({ highestSeverity })),
        count({ signerRegistered: false }),
        count({ signatureVerified: false }),
      ]);
      // The most frequent risks over the latest packages.
      const latest = await records(ctx.db, m.protections).find(scopeId, { where: { appId: scopeId }, orderBy: '-createdAt', limit: 500 });
      const tally = new Map<string, { code: string; severity: string; packages: number }>();
      for (const p of latest)
        for (const r of new Map(((p.risks ?? []) as Risk[]).map((x) => [x.code, x])).values()) {
          const t = tally.get(r.code) ?? { code: r.code, severity: r.severity, packages: 0 };
          t.packages++;
          tally.set(r.code, t);
        }
      const topRisks = [...tally.values()].sort((a, b) => b.packages - a.packages || a.code.localeCompare(b.code)).slice(0, 10);
      return { packages, protections: { processing, succeed, failed }, bySeverity: { high, medium, low, none }, unregisteredSigners, unverifiedSignatures, topRisks };
    },
  };
}
