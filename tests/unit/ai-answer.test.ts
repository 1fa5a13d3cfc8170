import { describe, expect, it } from 'vitest';
import type { FoundPassage } from '../../resources/docs-search';
import { extractiveAnswer, sentences } from '../../server/services/ai/answer';
import { answerParts, sendsQuestion } from '../../src/pages/assistant/answer-parts';

const found = (over: Partial<FoundPassage> & Pick<FoundPassage, 'address' | 'text' | 'score'>): FoundPassage => ({
  id: `en:${over.address}`,
  page: over.address.split('#')[0],
  lang: 'en',
  title: 'Page',
  heading: 'Section',
  ...over,
});

describe('the extractive answer', () => {
  const payment = found({
    address: '/doc/bill/payment#recharge',
    title: 'Payment',
    heading: 'Recharge',
    score: 9,
    text: 'The console shows the balance on the organisation page. An organisation recharges its balance by bank transfer or Alipay. Transfers take a day to arrive.',
  });
  const invoices = found({
    address: '/doc/bill/qa#invoices',
    title: 'Billing Q&A',
    heading: 'Invoices',
    score: 4,
    text: 'Invoices are issued after a recharge. A VAT invoice needs the enterprise certification.',
  });

  it('takes the sentences holding the question’s words, in the passages’ order, each citing its passage', () => {
    const answer = extractiveAnswer('How does an organisation recharge its balance? Can I get a VAT invoice?', 'en', [payment, invoices]);
    expect(answer.answer).toBe(
      'The console shows the balance on the organisation page. [1] An organisation recharges its balance by bank transfer or Alipay. [1] A VAT invoice needs the enterprise certification. [2]',
    );
    expect(answer.sources).toEqual([
      { page: '/doc/bill/payment', address: '/doc/bill/payment#recharge', title: 'Payment', heading: 'Recharge' },
      { page: '/doc/bill/qa', address: '/doc/bill/qa#invoices', title: 'Billing Q&A', heading: 'Invoices' },
    ]);
  });

  it("reads a passage's first sentence as answering its heading", () => {
    const qa = found({ address: '/doc/passport/qa#inbox', heading: 'How many messages can an inbox hold?', score: 5, text: '500 per persona. Older read messages make room for new ones.' });
    expect(extractiveAnswer('How many messages can an inbox hold?', 'en', [qa]).answer).toMatch(/^500 per persona\. \[1\]/);
  });

  it('cites only the passages it drew sentences from', () => {
    const answer = extractiveAnswer('recharge by bank transfer', 'en', [payment, found({ address: '/doc/x', score: 1, text: 'Nothing related here.' })]);
    expect(answer.sources.map((s) => s.address)).toEqual(['/doc/bill/payment#recharge']);
    expect(answer.answer).not.toContain('[2]');
  });

  it('answers in Chinese without spaces between sentences', () => {
    const zh = found({ address: '/doc/passport/concept#角色', lang: 'zh-CN', score: 5, text: '每个账号可以有多个角色。角色属于一个游戏世界。封禁角色后无法登录。' });
    expect(extractiveAnswer('一个账号可以有几个角色？', 'zh-CN', [zh]).answer).toBe('每个账号可以有多个角色。[1]角色属于一个游戏世界。[1]封禁角色后无法登录。[1]');
  });

  it('says so, citing nothing, when nothing was found', () => {
    expect(extractiveAnswer('anything', 'en', [])).toEqual({ answer: expect.stringContaining('/doc/overview'), sources: [] });
    expect(extractiveAnswer('什么', 'zh-CN', []).answer).toContain('没有找到');
  });

  it('cuts text into sentences at stops and lines, not inside a version or a path', () => {
    expect(sentences('Call /api/v1.2 first. Then wait!\nDone? 好的。再见')).toEqual(['Call /api/v1.2 first.', 'Then wait!', 'Done?', '好的。', '再见']);
  });
});

describe("the panel's answer text", () => {
  it('turns citations of known sources into links and leaves other numbers as text', () => {
    expect(answerParts('Use Alipay [1]. Or a transfer [2] [3].', 2)).toEqual([
      { text: 'Use Alipay ' },
      { cite: 1 },
      { text: '. Or a transfer ' },
      { cite: 2 },
      { text: ' [3].' },
    ]);
  });

  it('sends on Enter, not on Shift+Enter nor while an input method composes', () => {
    expect(sendsQuestion({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(sendsQuestion({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(sendsQuestion({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true } })).toBe(false);
    expect(sendsQuestion({ key: 'a', shiftKey: false })).toBe(false);
  });
});
