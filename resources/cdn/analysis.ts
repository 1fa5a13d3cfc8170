/**
 * Bundle analyses of the CDN service (spec 001 §7: `POST /api/cdn/{id}/bundle-analyze`, stale after 60 minutes): one
 * record per analysis of a bucket's release, listed under the bucket. The platform call makes them
 * (`server/services/cdn/analysis.ts`); the declaration keeps them and turns them stale on time.
 */
import type { ResourceDecl, Text } from '../types';
import analysisSchema from '../../schemas/cdn/bundle-analysis.json' with { type: 'json' };

/** How long an analysis stays fresh. */
export const ANALYSIS_FRESH_MINUTES = 60;

/** The platform's call that makes an analysis (beside the platform's other `/api/cdn` calls). */
export const ANALYZE_PATH = '/api/cdn/:id/bundle-analyze';

export const bundleAnalyses: ResourceDecl = {
  name: 'bundle-analyses',
  label: { 'zh-CN': '资源包分析', en: 'Bundle analyses' },
  singular: { 'zh-CN': '资源包分析', en: 'bundle analysis' },
  schema: analysisSchema,
  path: '/analyses',
  idField: 'id',
  idParam: 'aid',
  titleField: 'releaseNum',
  scope: 'app',
  operations: ['list', 'show'],
  parent: { resource: 'buckets', param: 'id', field: 'bucketId', onDelete: 'cascade' },
  list: {
    columns: ['releaseNum', 'status', 'entryCount', 'totalBytes', 'duplicateBytes', 'analyzedAt'],
    filters: ['releaseId', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  status: {
    field: 'status',
    initial: 'fresh',
    values: {
      fresh: { color: 'green', label: { 'zh-CN': '最新', en: 'Fresh' } },
      stale: { color: 'default', label: { 'zh-CN': '已过期', en: 'Stale' } },
    },
    // Made stale `ANALYSIS_FRESH_MINUTES` after it was made (its `staleAt`).
    timed: [{ from: ['fresh'], to: 'stale', at: 'staleAt', action: 'expire' }],
  },
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
};

/** What the operation history calls an analysis made by the platform's call. */
export const analysisHistory: Record<string, Text> = { 'bundle-analyses.create': { 'zh-CN': '分析', en: 'Analyze' } };
