import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/locales/en';
import { zhCN } from '../../src/locales/zh-CN';
import { publicSections } from '../../src/locales/sections/public';
import { importClosure, lazyImports } from '../import-graph';
import { hasText, textKeys } from '../texts';

/**
 * The public pages (src/routes/public.tsx) and the site's root load without the console, so that the sign-in
 * page shows fast: nothing they load may bring Refine, the declarations, or the console's texts and messages;
 * and every text they ask for by name is loaded with them.
 */
const ROOT = join(import.meta.dirname, '../..');
const CONSOLE_ONLY = ['resources/index.ts', 'src/locales/sections/console.ts', 'resources/messages/console.ts', 'resources/messages/index.ts', 'src/Console.tsx'];
const pages = [...new Set(lazyImports(ROOT, 'src/routes/public.tsx'))];

/** The texts a set of files has: the base texts, the public sections, and every section file among them. */
async function textsOf(files: Set<string>): Promise<Record<'zh-CN' | 'en', Record<string, unknown>>> {
  const texts = { 'zh-CN': { ...zhCN, ...publicSections['zh-CN'] } as Record<string, unknown>, en: { ...en, ...publicSections.en } as Record<string, unknown> };
  for (const file of [...files].filter((f) => f.startsWith('src/locales/sections/'))) {
    const module = (await import(join(ROOT, file))) as Record<string, Record<'zh-CN' | 'en', unknown>>;
    for (const [name, section] of Object.entries(module)) {
      texts['zh-CN'][name] = section['zh-CN'];
      texts.en[name] = section.en;
    }
  }
  return texts;
}

describe('the public pages', () => {
  it('are found in the route list', () => {
    // Signing in, up and out, the callbacks, the site pages and the payment pages.
    expect(pages.length).toBeGreaterThanOrEqual(15);
    expect(pages).toContain('src/pages/LoginPage.tsx');
  });

  it.each([['src/main.tsx'], ...pages.map((p) => [p])])('%s loads neither Refine nor the console', (page) => {
    const { files, packages } = importClosure(ROOT, [page]);
    const problems = [...[...packages].filter((p) => p.startsWith('@refinedev/')), ...CONSOLE_ONLY.filter((f) => files.has(f))];
    expect(problems).toEqual([]);
  });

  it.each(pages.map((p) => [p]))('%s has every text it asks for, in both languages', async (page) => {
    const { files } = importClosure(ROOT, [page]);
    const texts = await textsOf(files);
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const key of textKeys(source)) {
        for (const locale of ['zh-CN', 'en'] as const) if (!hasText(texts[locale], key)) missing.push(`${locale}: ${key} (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
