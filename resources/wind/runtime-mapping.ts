/**
 * Version mapping by code pattern (spec 001 §9: TuanJie, C3XX, C2XX, C1XX, RA, Global): the engine version a build
 * was made with, as its tools write it, names the mini-game runtime adaptation the channels load it with. The first
 * pattern that matches wins; `Global` takes every other code. ADR 0020 gives the reading.
 */
export const RUNTIME_FAMILIES = ['TuanJie', 'C3XX', 'C2XX', 'C1XX', 'RA', 'Global'] as const;
export type RuntimeFamily = (typeof RUNTIME_FAMILIES)[number];

export const RUNTIME_PATTERNS: { family: Exclude<RuntimeFamily, 'Global'>; pattern: RegExp; reads: string }[] = [
  { family: 'TuanJie', pattern: /^tuanjie\b|^\d{4}\.\d+\.\d+t\d+$/i, reads: 'the Tuanjie engine: "tuanjie 1.3.2", or an engine version ending t<n> (2022.3.2t3)' },
  { family: 'C3XX', pattern: /^(cocos(\s*creator)?\s*)?3\.\d+(\.\d+)?$/i, reads: 'Cocos Creator 3.x' },
  { family: 'C2XX', pattern: /^(cocos(\s*creator)?\s*)?2\.\d+(\.\d+)?$/i, reads: 'Cocos Creator 2.x' },
  { family: 'C1XX', pattern: /^(cocos(\s*creator)?\s*)?1\.\d+(\.\d+)?$/i, reads: 'Cocos Creator 1.x' },
  { family: 'RA', pattern: /^(unity\s*)?20\d\d\.\d+\.\d+[abfp]\d+$/i, reads: 'a Unity release (2021.3.33f1), run through the runtime adapter' },
];

/** The runtime family an engine version maps to. */
export function runtimeOf(engineVersion: string | undefined): RuntimeFamily {
  const code = (engineVersion ?? '').trim();
  return RUNTIME_PATTERNS.find((p) => p.pattern.test(code))?.family ?? 'Global';
}
