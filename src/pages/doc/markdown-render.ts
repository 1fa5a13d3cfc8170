import MarkdownIt from 'markdown-it';
import type { MarkdownIt as MarkdownItInstance } from 'markdown-it';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import typescript from 'highlight.js/lib/languages/typescript';
import { headingAnchor } from '../../../resources/docs-search';

// The languages the documentation's code blocks are written in (docs/site: bash, json, ts, js, http).
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('http', http);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('typescript', typescript);

/** The attribute the copy buttons of code blocks carry; the page's click handler copies the block after one. */
export const COPY_ATTRIBUTE = 'data-copy-code';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A code block's text highlighted in its language (HTML), or escaped as it is for a language not registered. */
export function highlight(code: string, language: string): string {
  const known = language && hljs.getLanguage(language) ? language : '';
  return known ? hljs.highlight(code, { language: known, ignoreIllegals: true }).value : escape(code);
}

/**
 * A Markdown renderer for the documentation: CommonMark with GFM tables, no raw HTML (written HTML shows as text),
 * code blocks highlighted with a copy button labelled `copyLabel`, and every heading with an id and a `#` link to
 * it. Ids are the search's anchors (`headingAnchor` of resources/docs-search.ts); a repeated heading gets `-1`,
 * `-2`… after the first, as the search numbers them.
 */
export function markdownRenderer(copyLabel: string): MarkdownItInstance {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.core.ruler.push('heading_ids', (state) => {
    const seen = new Map<string, number>();
    state.tokens.forEach((token, i) => {
      if (token.type !== 'heading_open') return;
      const inline = state.tokens[i + 1];
      const base = headingAnchor(inline?.content ?? '');
      if (!base) return;
      // The page's title is not one of the search's anchors, so it is not counted among them.
      if (token.tag === 'h1') {
        token.attrSet('id', base);
        return;
      }
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      token.attrSet('id', n > 0 ? `${base}-${n}` : base);
    });
  });
  // The `#` beside a heading links to it for a pointer; it is hidden from assistive technology and out of the tab order.
  const headingOpen = md.renderer.rules.heading_open;
  md.renderer.rules.heading_open = (tokens, idx, options, env, self) => {
    const open = headingOpen ? headingOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    const id = tokens[idx].attrGet('id');
    return id && tokens[idx].tag !== 'h1' ? `${open}<a class="doc-anchor" href="#${escape(encodeURIComponent(id))}" aria-hidden="true" tabindex="-1">#</a>` : open;
  };
  // A code block scrolls sideways when its lines are long: it takes the keyboard's focus so it can be scrolled without a mouse.
  md.renderer.rules.fence = (tokens, idx) => {
    const token = tokens[idx];
    const language = token.info.trim().split(/\s+/)[0] ?? '';
    const className = language ? ` class="hljs language-${escape(language)}"` : ' class="hljs"';
    return (
      `<div class="doc-code"><button type="button" class="doc-copy" ${COPY_ATTRIBUTE}>${escape(copyLabel)}</button>` +
      `<pre tabindex="0"><code${className}>${highlight(token.content, language)}</code></pre></div>\n`
    );
  };
  // Tables scroll sideways on narrow screens instead of widening the page.
  md.renderer.rules.table_open = () => '<div class="doc-table"><table>\n';
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

/** The page's title: its first `# ` heading, without inline marks. */
export function markdownTitle(source: string): string | undefined {
  const m = /^#\s+(.+?)\s*#*\s*$/m.exec(source.replace(/^```[\s\S]*?^```/gm, ''));
  return m ? m[1].replace(/[`*_]/g, '') : undefined;
}
