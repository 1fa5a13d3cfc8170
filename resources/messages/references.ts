import type { ServiceDecl, Text } from '../types';
import { inUseMessage } from '../relations';

/**
 * The refusal of a delete that records still use (409 `IN_USE`, ADR 0015): one entry per resource of these services
 * that refers to another, so the console names the referrers in its own language (it adds a service's as the service
 * loads, src/Console.tsx; ./index.ts holds every service's).
 */
export function referenceMessagesOf(services: readonly ServiceDecl[]): Record<string, Text> {
  const referrers = services.flatMap((s) => s.resources).filter((r) => (r.references?.length ?? 0) > 0 || r.parent);
  return Object.fromEntries(
    referrers.map((r) => [
      inUseMessage(r, '{0}'),
      { 'zh-CN': `仍有${r.singular['zh-CN']}在使用：{0}。请先删除或修改它们`, en: `Still used by ${r.label.en.toLowerCase()}: {0}. Delete or change them first.` },
    ]),
  );
}

/** The general refusals of a reference, for any resource, and of a delete of a record still used by any other. */
export const referenceMessages: Record<string, Text> = {
  // A write naming a record that does not exist, for a reference that declares no message of its own.
  'no such record': { 'zh-CN': '引用的记录不存在', en: 'No such record' },
  'still used by {0}: {1}': { 'zh-CN': '仍被{0}使用：{1}。请先删除或修改它们', en: 'Still used by {0}: {1}. Delete or change them first.' },
};
