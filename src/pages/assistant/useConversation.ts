import { useCallback, useEffect, useState } from 'react';
import { ai } from '../../../resources/ai';
import { callUrl } from '../../../resources/call-types';
import { requireOk } from '../../../providers/http';

/** A question and its answer, as the server keeps them. */
export interface ConversationEntry {
  id: string;
  question: string;
  answer: string;
  sources: { page: string; address: string; title: string; heading: string }[];
  generated: boolean;
  note?: string;
  createdAt: string;
}

/** A declared call of the assistant's, by name. */
function call<T>(name: string, body?: unknown): Promise<T> {
  const decl = ai.calls![name];
  return requireOk<T>(callUrl(ai.base, decl), { method: decl.method, ...(body === undefined ? {} : { body }) });
}

/**
 * The signed-in person's conversation with the assistant: loaded when `open` first turns true, grown by `ask`,
 * emptied by `clear`. Failures are shown by the shared toast; the question stays in the box to send again.
 */
export function useConversation(open: boolean) {
  const [entries, setEntries] = useState<ConversationEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [asking, setAsking] = useState<string | undefined>();

  useEffect(() => {
    if (!open || loaded) return;
    setLoading(true);
    call<{ items: ConversationEntry[] }>('knowledge/load-history', {})
      .then((history) => {
        setEntries(history.items);
        setLoaded(true);
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [open, loaded]);

  const ask = useCallback(
    async (question: string): Promise<boolean> => {
      setAsking(question);
      try {
        // The server answers in the question's own language (a question in English is answered from the English pages).
        const entry = await call<ConversationEntry>('knowledge/ask', { question });
        setEntries((all) => [...all, entry]);
        return true;
      } catch {
        return false;
      } finally {
        setAsking(undefined);
      }
    },
    [],
  );

  const clear = useCallback(async () => {
    await call<{ cleared: number }>('knowledge/clear-history');
    setEntries([]);
  }, []);

  return { entries, loading, asking, ask, clear };
}
