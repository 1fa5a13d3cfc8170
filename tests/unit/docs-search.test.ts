import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import {
  docsSearchOptions,
  headingAnchor,
  languageOf,
  pageOfFile,
  pagePassages,
  PASSAGE_CHARS,
  searchIn,
  SINGLE_CJK_WEIGHT,
  snippet,
  stem,
  tokenize,
  type Passage,
} from '../../resources/docs-search';

const PAGE = `# Passport concepts

Passport keeps **player accounts** and their personas.

## Sign in with \`Steam\`

A player signs in with a [Steam ticket](https://partner.steamgames.com).

\`\`\`bash
# not a heading: a shell comment
curl -X POST /svc/v1/login
\`\`\`

## Limits

| Limit | Value |
| --- | --- |
| Personas per user | 10 |
| Guilds per player | 1 |

## Limits

Second section of the same name.

## Empty

##### A minor heading

inside the empty section.
`;

describe('cutting a page into passages', () => {
  const passages = pagePassages(PAGE, '/doc/passport/concept', 'en');

  it('takes the title from the first top heading and gives the text before the first sub-heading the title', () => {
    expect(passages[0]).toMatchObject({
      id: 'en:/doc/passport/concept',
      page: '/doc/passport/concept',
      address: '/doc/passport/concept',
      lang: 'en',
      title: 'Passport concepts',
      heading: 'Passport concepts',
      text: 'Passport keeps player accounts and their personas.',
    });
  });

  it('cuts at headings, anchors them, removes inline marks and keeps fenced code as text, not as headings', () => {
    const steam = passages[1];
    expect(steam.heading).toBe('Sign in with Steam');
    expect(steam.address).toBe('/doc/passport/concept#sign-in-with-steam');
    expect(steam.text).toContain('A player signs in with a Steam ticket.');
    expect(steam.text).toContain('# not a heading: a shell comment');
    expect(steam.text).toContain('curl -X POST /svc/v1/login');
    expect(passages.map((p) => p.heading)).not.toContain('not a heading: a shell comment');
  });

  it('reads tables as text without their pipes and rule, and numbers a repeated anchor', () => {
    const limits = passages.filter((p) => p.heading === 'Limits');
    expect(limits.map((p) => p.address)).toEqual(['/doc/passport/concept#limits', '/doc/passport/concept#limits-1']);
    // Each row a line of its own, so an answer can quote one.
    expect(limits[0].text).toBe('Limit · Value\nPersonas per user · 10\nGuilds per player · 1');
    expect(limits[0].text).not.toContain('---');
  });

  it('keeps a deep heading inside its section and leaves out no text', () => {
    const empty = passages.find((p) => p.heading === 'Empty');
    expect(empty?.text).toBe('A minor heading\ninside the empty section.');
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  });

  it('cuts a long section at paragraphs, each part under the same anchor', () => {
    const paragraph = 'word '.repeat(100).trim();
    const long = `# T\n\n## Long\n\n${[1, 2, 3, 4].map((n) => `${n} ${paragraph}`).join('\n\n')}`;
    const parts = pagePassages(long, '/doc/x', 'en');
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.address === '/doc/x#long' && p.text.length <= PASSAGE_CHARS)).toBe(true);
    expect(parts.map((p) => p.id)).toEqual(parts.map((_, n) => (n ? `en:/doc/x#long~${n}` : 'en:/doc/x#long')));
  });

  it('gives a Chinese heading an anchor of its characters', () => {
    expect(headingAnchor('登录方式：手机号 与 Steam')).toBe('登录方式手机号-与-steam');
  });
});

describe('page addresses', () => {
  it('puts policies under /policy and every other page under /doc, per language', () => {
    expect(pageOfFile('en/passport/concept.md')).toEqual({ lang: 'en', page: '/doc/passport/concept' });
    expect(pageOfFile('zh-CN/policy/privacy.md')).toEqual({ lang: 'zh-CN', page: '/policy/privacy' });
    expect(pageOfFile('zh-CN/overview.md')).toEqual({ lang: 'zh-CN', page: '/doc/overview' });
    expect(pageOfFile('fr/overview.md')).toBeUndefined();
    expect(pageOfFile('en/overview.txt')).toBeUndefined();
  });
});

describe('the tokenizer', () => {
  it('lower-cases Latin words, drops common English words and stems', () => {
    expect(tokenize('How do I configure the Apps?')).toEqual(['configur', 'app']);
    expect(stem('configured')).toBe(stem('configuring'));
    expect(stem('policies')).toBe('policy');
    expect(stem('v2')).toBe('v2');
  });

  it('cuts Chinese into characters and neighbouring pairs, and Latin inside it into words', () => {
    expect(tokenize('玩家账号')).toEqual(['玩', '玩家', '家', '家账', '账', '账号', '号']);
    expect(tokenize('用Steam登录')).toEqual(['用', 'steam', '登', '登录', '录']);
  });

  it('makes a single CJK character of a query count less than a pair or a word', () => {
    const boostTerm = docsSearchOptions.searchOptions!.boostTerm!;
    expect(boostTerm('登', 0, [])).toBe(SINGLE_CJK_WEIGHT);
    expect(SINGLE_CJK_WEIGHT).toBeLessThan(1);
    expect(boostTerm('登录', 0, [])).toBe(1);
    expect(boostTerm('a', 0, [])).toBe(1);
  });

  it("tells a text's language by its characters", () => {
    expect(languageOf('How do I sign in?')).toBe('en');
    expect(languageOf('Passport 怎么登录？')).toBe('zh-CN');
  });

  it('folds full-width forms', () => {
    expect(tokenize('ＡＰＰ１')).toEqual(['app1']);
  });
});

describe('an index built with the shared options', () => {
  const docs: Passage[] = [
    ...pagePassages('# 玩家账号\n\n## 登录方式\n\n玩家可以用手机号登录。\n\n## 角色\n\n每个账号可以有多个角色。', '/doc/passport/concept', 'zh-CN'),
    ...pagePassages('# Remote config\n\n## Overrides\n\nAn override changes values for some players.\n\n## Keys\n\nConfiguration keys hold the values; overrides mention them.', '/doc/remote-config/concept', 'en'),
    ...pagePassages('# 远程配置\n\n## 配置项\n\n配置项保存值。', '/doc/remote-config/concept', 'zh-CN'),
  ];
  const index = new MiniSearch<Passage>(docsSearchOptions);
  index.addAll(docs);

  it('finds a Chinese question in the Chinese passages', () => {
    const [best] = index.search('怎么用手机号登录？', searchIn('zh-CN'));
    expect(best.address).toBe('/doc/passport/concept#登录方式');
  });

  it('ranks the passage whose heading names the words above one that only mentions them', () => {
    const found = index.search('overrides', searchIn('en'));
    expect(found.map((f) => f.address)).toEqual(['/doc/remote-config/concept#overrides', '/doc/remote-config/concept#keys']);
  });

  it('finds longer words from a word they begin with, and keeps to the language asked for', () => {
    const found = index.search('config', searchIn('en'));
    expect(found[0].page).toBe('/doc/remote-config/concept');
    expect(found.every((f) => f.lang === 'en')).toBe(true);
  });

  it('answers the same after a round trip through JSON, as a build-time index is loaded', () => {
    const loaded = MiniSearch.loadJSON<Passage>(JSON.stringify(index), docsSearchOptions);
    expect(loaded.search('角色', searchIn('zh-CN')).map((f) => f.id)).toEqual(index.search('角色', searchIn('zh-CN')).map((f) => f.id));
    expect(loaded.search('角色', searchIn('zh-CN'))[0].heading).toBe('角色');
  });
});

describe('snippets', () => {
  it('cuts around the first word of the query found, marking the cuts', () => {
    const text = `${'lorem '.repeat(60)}the refund policy applies ${'ipsum '.repeat(60)}`;
    const s = snippet(text, 'refund', 80);
    expect(s).toContain('refund policy');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(82);
  });

  it('answers a short text whole', () => {
    expect(snippet('short\n text', 'x')).toBe('short text');
  });
});
