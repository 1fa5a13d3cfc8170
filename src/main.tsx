// First: starts the address's code and calls before the rest of the entry is evaluated.
import './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pageRead } from '../providers/carried-answers';
import { linkLaterStyles } from './later-styles';
import { Root } from './Root';
import { startFromLoadedVersion } from './lib/webVersion';

/** Resolves once every style sheet the page links has loaded (or failed: at the latest when the page has loaded). */
function styleSheetsLoaded(): Promise<unknown> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  if (!pending.length || document.readyState === 'complete') return Promise.resolve();
  const settled = (target: EventTarget, events: string[]) => new Promise((settle) => events.forEach((event) => target.addEventListener(event, settle, { once: true })));
  return Promise.race([Promise.all(pending.map((link) => settled(link, ['load', 'error']))), settled(window, ['load'])]);
}

/**
 * The page renders once it has been read to its end and its style sheets are in: a page that carries answers runs
 * this entry as soon as it has loaded (server/console-page.ts), while the server is still writing the rest of the
 * page; antd's style engine reads its sheet's cache map when the first component renders.
 */
async function render(): Promise<void> {
  await pageRead();
  await styleSheetsLoaded();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  linkLaterStyles(root);
  startFromLoadedVersion();
  createRoot(root).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void render();
