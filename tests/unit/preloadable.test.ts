/**
 * A preloadable lazy component (src/lib/preloadable.ts): once its code was asked for ahead, it renders at once, with
 * no fallback in between; before that it suspends like React.lazy; a failed load may be tried again.
 */
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { preloadable } from '../../src/lib/preloadable';

const Page = ({ title }: { title: string }) => createElement('h1', null, title);
const render = (node: ReturnType<typeof createElement>) => renderToString(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, node));

it('renders at once once preloaded, without its fallback', async () => {
  const Lazy = preloadable(() => Promise.resolve({ default: Page }));
  await Lazy.preload();
  const html = render(createElement(Lazy, { title: 'Configs' }));
  expect(html).toContain('<h1>Configs</h1>');
  expect(html).not.toContain('loading');
});

it('suspends, showing the fallback, while its code is not loaded yet', () => {
  const Lazy = preloadable(() => new Promise<{ default: typeof Page }>(() => undefined));
  expect(render(createElement(Lazy, { title: 'Configs' }))).toContain('loading');
});

it('loads its code once however often it is asked for, and again after a failure', async () => {
  let loads = 0;
  let fail = true;
  const Lazy = preloadable(() => {
    loads += 1;
    return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Page });
  });
  await expect(Lazy.preload()).rejects.toThrow('offline');
  fail = false;
  await Promise.all([Lazy.preload(), Lazy.preload()]);
  expect(loads).toBe(2);
  expect(render(createElement(Lazy, { title: 'Again' }))).toContain('<h1>Again</h1>');
});
