import type { Text } from '../types';
import { services } from '../index';
import { inUseMessage } from '../relations';

const referrers = services.flatMap((s) => s.resources).filter((r) => (r.references?.length ?? 0) > 0 || r.parent);

/**
 * The refusal of a delete that records still use (409 `IN_USE`, ADR 0015): one entry per resource that refers to
 * another, so the console names the referrers in its own language, and a general one for any other.
 */
export const referenceMessages: Record<string, Text> = {
  ...Object.fromEntries(
    referrers.map((r) => [
      inUseMessage(r, '{0}'),
      { 'zh-CN': `仍有${r.singular['zh-CN']}在使用：{0}。请先删除或修改它们`, en: `Still used by ${r.label.en.toLowerCase()}: {0}. Delete or change them first.` },
    ]),
  ),
  // A write naming a record that does not exist, for a reference that declares no message of its own.
  'no such record': { 'zh-CN': '引用的记录不存在', en: 'No such record' },
  'still used by {0}: {1}': { 'zh-CN': '仍被{0}使用：{1}。请先删除或修改它们', en: 'Still used by {0}: {1}. Delete or change them first.' },
};
