import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { afterAll, describe, expect, it } from 'vitest';
import { docsSearchOptions, searchIn, type Passage } from '../../resources/docs-search';
import { withCallAnchors } from '../../scripts/docs-api-passages';
import { docsIndexJson, markdownPassages } from '../../scripts/docs-search-index';
import { markdownRenderer } from '../../src/pages/doc/markdown-render';
import { apiMarkdown } from '../../src/pages/doc/reference-markdown';

const root = mkdtempSync(join(tmpdir(), 'docs-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};

describe("the documentation's search index, built with the site", () => {
  it('holds every page of both languages, and finds a passage in the language asked, linking to its heading', () => {
    write('en/passport/concept.md', '# Passport\n\nIntro.\n\n## Realms\n\nA realm is a server of the game.\n');
    write('zh-CN/passport/concept.md', '# 玩家账号\n\n简介。\n\n## 区服\n\n区服是游戏的一个服务器。\n');
    write('en/policy/privacy.md', '# Privacy\n\nWe keep little.\n');
    write('en/notes.txt', 'not a page');
    const passages = markdownPassages(root);
    expect(new Set(passages.map((p) => p.page))).toEqual(new Set(['/doc/passport/concept', '/policy/privacy']));
    const index = MiniSearch.loadJSON<Passage>(docsIndexJson(passages), docsSearchOptions);
    expect(index.search('realm', searchIn('en')).map((r) => r.address)).toEqual(['/doc/passport/concept#realms']);
    expect(index.search('区服', searchIn('zh-CN'))[0].address).toBe('/doc/passport/concept#区服');
    expect(index.search('区服', searchIn('en'))).toEqual([]);
  });

  it("points an API call's passage at the call's heading on its API page, as the page numbers repeated ones", () => {
    const passage = (heading: string): Passage => ({ id: `en:api:${heading}`, page: '/doc/game/api', address: '/doc/game/api', lang: 'en', title: 'Game API', heading, text: 'x' });
    const summaries = new Map([
      ['POST /game/v1/heroes', 'Create a hero'],
      ['DELETE /game/v1/heroes/{id}', 'Delete a hero'],
      ['DELETE /game/v1/legends/{id}', 'Delete a hero'],
    ]);
    const anchored = withCallAnchors([...summaries.keys()].map(passage), summaries);
    expect(anchored.map((p) => p.address)).toEqual(['/doc/game/api#create-a-hero', '/doc/game/api#delete-a-hero', '/doc/game/api#delete-a-hero-1']);
    // The page's headings carry those ids.
    const call = (method: string, path: string) => ({ id: path, method, path, summary: summaries.get(`${method} ${path}`)!, auth: 'service', pathParams: [], query: [], answers: [], errors: [], curl: '' });
    const service = { name: 'game', displayName: { 'zh-CN': '游戏', en: 'Game' }, base: '/game/v1', available: true, errors: [], calls: [...summaries.keys()].map((k) => call(k.split(' ')[0], k.split(' ')[1])) };
    const html = markdownRenderer('Copy').render(apiMarkdown((k) => k, 'en', service, 'https://x'));
    for (const p of anchored) expect(html).toContain(`id="${p.address.split('#')[1]}"`);
  });
});
