import { describe, expect, it } from 'vitest';
import { markdownRenderer, markdownTitle } from '../../src/pages/doc/markdown-render';
import { pagePassages } from '../../resources/docs-search';

const render = (source: string) => markdownRenderer('Copy').render(source);

describe('the documentation renderer', () => {
  it('shows written HTML as text, never as markup', () => {
    const html = render('Hello <script>alert(1)</script> <img src=x onerror=alert(1)>\n\n<div>block</div>\n');
    expect(html).not.toMatch(/<script|<img|<div>block/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('highlights a fenced block in its language and gives it a copy button', () => {
    const html = render('```json\n{ "a": 1 }\n```\n\n```bash\nif true; then curl -X GET https://example.com; fi\n```\n');
    expect(html).toContain('class="hljs language-json"');
    expect(html).toContain('<span class="hljs-attr">&quot;a&quot;</span>');
    expect(html.match(/data-copy-code>Copy<\/button>/g)).toHaveLength(2);
    expect(html).toContain('<span class="hljs-keyword">if</span>');
  });

  it('lets the keyboard reach a code block (it may scroll) but not the heading marks a pointer uses', () => {
    const html = render('## Limits\n\n```bash\ncurl https://example.com\n```\n');
    expect(html).toContain('<pre tabindex="0"><code class="hljs language-bash">');
    expect(html).toMatch(/<a class="doc-anchor" href="#limits" aria-hidden="true" tabindex="-1">/);
  });

  it('escapes a block in a language it does not know', () => {
    expect(render('```cobol\nA < B\n```\n')).toContain('A &lt; B');
  });

  it('renders GFM tables, scrollable', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toMatch(/<div class="doc-table"><table>[\s\S]*<th>a<\/th>[\s\S]*<td>2<\/td>/);
  });

  it('gives headings the anchors the search links to, repeated ones numbered', () => {
    const source = '# Passport\n\nIntro.\n\n## Sign in with Steam\n\nText.\n\n## 登录方式\n\n文字。\n\n### Limits\n\nA.\n\n### Limits\n\nB.\n';
    const html = render(source);
    const ids = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    const anchors = pagePassages(source, '/doc/passport', 'en').map((p) => p.address.split('#')[1]).filter(Boolean);
    expect(anchors).toEqual(['sign-in-with-steam', '登录方式', 'limits', 'limits-1']);
    expect(ids).toEqual(['passport', ...anchors]);
    expect(html).toContain('<a class="doc-anchor" href="#sign-in-with-steam"');
  });

  it("reads a page's title from its first # heading, not from a code block", () => {
    expect(markdownTitle('```bash\n# not a title\n```\n\n# Remote `config`\n\n## Part\n')).toBe('Remote config');
    expect(markdownTitle('no heading')).toBeUndefined();
  });
});
