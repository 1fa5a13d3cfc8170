/** A piece of an answer's text: plain text, or a citation `[n]` of the answer's `n`-th source. */
export type AnswerPart = { text: string } | { cite: number };

/**
 * An answer's text cut at its citations (`[1]`, `[2]`), so each becomes a link to its source. A number with no
 * source (a model's slip) stays text.
 */
export function answerParts(answer: string, sources: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let last = 0;
  for (const m of answer.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(m[1]);
    if (n < 1 || n > sources) continue;
    if (m.index > last) parts.push({ text: answer.slice(last, m.index) });
    parts.push({ cite: n });
    last = m.index + m[0].length;
  }
  if (last < answer.length) parts.push({ text: answer.slice(last) });
  return parts;
}

/** Whether a key press in the question box sends it: Enter alone, not while an input method is composing. */
export function sendsQuestion(e: { key: string; shiftKey: boolean; isComposing?: boolean; nativeEvent?: { isComposing?: boolean } }): boolean {
  return e.key === 'Enter' && !e.shiftKey && !(e.isComposing || e.nativeEvent?.isComposing);
}
