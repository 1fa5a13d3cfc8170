import type { DocLanguage, FoundPassage } from '../../../resources/docs-search';
import type { LanguageModelSettings } from '../../config';

/** One message of an OpenAI-compatible chat completion request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const INSTRUCTIONS: Record<DocLanguage, string> = {
  en:
    'You answer questions about the Lodestar game-services platform for developers using its console. Answer only from the ' +
    'numbered documentation passages given with the question, briefly, in English. After each statement put the number of the ' +
    'passage it comes from, as [1]. If the passages do not answer the question, say so. Answer only about the product.',
  'zh-CN':
    '你为使用 Lodestar 游戏服务平台控制台的开发者解答问题。只根据随问题给出的编号文档段落作答，用简体中文简明回答，每句话后用 [1] 这样的编号注明出处段落。' +
    '如果这些段落不能回答问题，请直接说明。只回答与产品有关的问题。',
};

/**
 * The request's messages: fixed instructions, then the passages (numbered, with their titles and addresses) and
 * the question. Nothing else goes in: no setting or value of the server's.
 */
export function chatMessages(question: string, lang: DocLanguage, passages: FoundPassage[]): ChatMessage[] {
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.title} — ${p.heading} (${p.address})\n${p.text}`).join('\n\n');
  return [
    { role: 'system', content: INSTRUCTIONS[lang] },
    { role: 'user', content: `Documentation passages:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}

/** Why the language model gave no answer. */
export class ChatFailure extends Error {}

/**
 * Asks an OpenAI-compatible endpoint for a chat completion (`POST <url>/chat/completions`, bearer key) and answers
 * the first choice's message text. A refusal, an answer of another shape, an empty text or no answer within the
 * settings' time is a `ChatFailure`.
 */
export async function chatCompletion(settings: LanguageModelSettings, messages: ChatMessage[]): Promise<string> {
  const url = `${settings.url.replace(/\/+$/, '')}/chat/completions`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}) },
      body: JSON.stringify({ model: settings.model, messages, temperature: 0.2 }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    throw new ChatFailure(err instanceof Error && err.name === 'TimeoutError' ? 'no answer in time' : 'endpoint unreachable');
  }
  if (!res.ok) throw new ChatFailure(`endpoint answered ${res.status}`);
  const body = (await res.json().catch(() => undefined)) as { choices?: { message?: { content?: unknown } }[] } | undefined;
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new ChatFailure('answer without text');
  return content.trim();
}
