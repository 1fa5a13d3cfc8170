import type { CSSProperties } from 'react';

export const MONO: CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** A value as indented JSON (text as it came). */
export function Json({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre style={{ ...MONO, margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 480, overflow: 'auto' }} data-testid={testId}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </pre>
  );
}
