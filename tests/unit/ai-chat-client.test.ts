import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FoundPassage } from '../../resources/docs-search';
import { ChatFailure, chatCompletion, chatMessages } from '../../server/services/ai/chat-client';
import { completion, startChatDouble } from '../chat-double';

const passage: FoundPassage = {
  id: 'en:/doc/passport/concept#sign-in',
  page: '/doc/passport/concept',
  address: '/doc/passport/concept#sign-in',
  lang: 'en',
  title: 'Passport concepts',
  heading: 'Sign in',
  text: 'Players sign in with a phone number.',
  score: 3,
};

describe('the chat completion client, against a local OpenAI-compatible endpoint', () => {
  let double: Awaited<ReturnType<typeof startChatDouble>>;
  beforeAll(async () => {
    double = await startChatDouble(() => ({ status: 200, body: completion('  Sign in with a phone number [1]. ') }));
  });
  afterAll(() => double.close());
  const settings = () => ({ url: `${double.url}/`, key: 'sk-test', model: 'test-model', timeoutMs: 2000 });

  it('posts the model and messages to <url>/chat/completions with the bearer key, and answers the first choice', async () => {
    const messages = chatMessages('How do players sign in?', 'en', [passage]);
    expect(await chatCompletion(settings(), messages)).toBe('Sign in with a phone number [1].');
    const sent = double.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.headers['content-type']).toBe('application/json');
    const body = JSON.parse(sent.body) as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('test-model');
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[1].content).toContain('[1] Passport concepts — Sign in (/doc/passport/concept#sign-in)\nPlayers sign in with a phone number.');
    expect(body.messages[1].content).toContain('Question: How do players sign in?');
  });

  it('sends no authorization header when no key is configured', async () => {
    await chatCompletion({ ...settings(), key: '' }, chatMessages('q', 'en', [passage]));
    expect(double.received.at(-1)!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['an error status', { status: 500, body: { error: { message: 'boom' } } }],
    ['an answer of another shape', { status: 200, body: { result: 'x' } }],
    ['an empty text', { status: 200, body: completion('   ') }],
    ['a body that is not JSON', { status: 200, body: 'not json' }],
  ])('fails on %s', async (_name, reply) => {
    double.answer(() => reply);
    await expect(chatCompletion(settings(), chatMessages('q', 'en', [passage]))).rejects.toBeInstanceOf(ChatFailure);
  });

  it('gives up when no answer comes in time', async () => {
    double.answer(() => ({ status: 200, body: completion('late'), delayMs: 1500 }));
    await expect(chatCompletion({ ...settings(), timeoutMs: 100 }, chatMessages('q', 'en', [passage]))).rejects.toThrow('no answer in time');
  });

  it('fails when the endpoint cannot be reached', async () => {
    await expect(chatCompletion({ ...settings(), url: 'http://127.0.0.1:1' }, chatMessages('q', 'en', [passage]))).rejects.toThrow('endpoint unreachable');
  });

  it('asks in the language of the question', () => {
    expect(chatMessages('玩家怎么登录？', 'zh-CN', [passage])[0].content).toContain('简体中文');
  });
});
