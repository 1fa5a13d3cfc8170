import type { FastifyRequest } from 'fastify';
import { QUESTION_LIMIT } from '../../../resources/ai';
import { languageOf, snippet, type DocLanguage } from '../../../resources/docs-search';
import { services } from '../../../resources/index';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { badRequest } from '../../engine/errors';
import type { ServiceModule } from '../index';
import { ANSWER_PASSAGES, extractiveAnswer, sourceOf, type Answer } from './answer';
import { apiPassages, type OpenApiDocument } from './api-passages';
import { chatCompletion, chatMessages } from './chat-client';
import { conversation } from './history';
import { docsPassages, KnowledgeBase } from './knowledge';

const FALLBACK_NOTE: Record<DocLanguage, string> = {
  en: 'The language model did not answer, so this answer is taken from the documentation as it stands.',
  'zh-CN': '语言模型未能作答，以下回答直接摘自文档。',
};

/** The question asked, trimmed; 400 when it is empty or longer than `QUESTION_LIMIT` characters. */
export function questionOf(input: Record<string, unknown>): string {
  const question = String(input.question ?? '').trim();
  if (!question) throw badRequest([{ field: '/question', message: 'the question is empty' }], 'the question is empty');
  if ([...question].length > QUESTION_LIMIT) {
    const message = `the question is too long: at most ${QUESTION_LIMIT} characters`;
    throw badRequest([{ field: '/question', message }], message);
  }
  return question;
}

/**
 * The knowledge base, built at the first question: the documentation's pages (`config.docsDir`) and the server's
 * own API document (each declared service's operations). Built from these alone: nothing of the server's
 * configuration or environment is ever in it.
 */
function knowledgeOf(ctx: Ctx): (req: FastifyRequest) => Promise<KnowledgeBase> {
  let built: Promise<KnowledgeBase> | undefined;
  const build = async (req: FastifyRequest) => {
    const document = (await req.server.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
    return new KnowledgeBase([...(await docsPassages(ctx.config.docsDir)), ...apiPassages(document, services)]);
  };
  return (req) => {
    built ??= build(req).catch((err: unknown) => {
      built = undefined;
      throw err;
    });
    return built;
  };
}

/** The answer to a question: the configured language model's, over the passages found, or else an extract of them. */
async function answerOf(ctx: Ctx, req: FastifyRequest, kb: KnowledgeBase, question: string, lang: DocLanguage): Promise<Answer & { generated: boolean; note?: string }> {
  const found = kb.search(question, lang, ANSWER_PASSAGES);
  const model = ctx.config.languageModel;
  if (!model || found.length === 0) return { ...extractiveAnswer(question, lang, found), generated: false };
  try {
    const answer = await chatCompletion(model, chatMessages(question, lang, found));
    return { answer, sources: found.map(sourceOf), generated: true };
  } catch (err) {
    req.log.warn({ err }, 'language model failed; answering with an extract');
    return { ...extractiveAnswer(question, lang, found), generated: false, note: FALLBACK_NOTE[lang] };
  }
}

function aiCalls(ctx: Ctx): CallHandlers {
  const knowledge = knowledgeOf(ctx);
  const history = conversation(ctx);
  return {
    'search-documents': async ({ req, input }) => {
      const query = String(input.query).trim();
      const lang = (input.lang ?? languageOf(query)) as DocLanguage;
      const found = (await knowledge(req)).search(query, lang, Number(input.limit ?? 5));
      return {
        results: found.map((p) => ({ ...sourceOf(p), snippet: snippet(p.text, query), score: Math.round(p.score * 1000) / 1000 })),
      };
    },
    'knowledge/ask': async ({ req, scopeId, input }) => {
      const question = questionOf(input);
      const lang = (input.lang ?? languageOf(question)) as DocLanguage;
      const answer = await answerOf(ctx, req, await knowledge(req), question, lang);
      return history.add(scopeId, { question, lang, ...answer });
    },
    'knowledge/load-history': async ({ scopeId, input }) => history.load(scopeId, Number(input.limit ?? 100)),
    'knowledge/clear-history': async ({ scopeId }) => ({ cleared: await history.clear(scopeId) }),
  };
}

export const aiModule: ServiceModule = { service: 'ai', calls: aiCalls };
