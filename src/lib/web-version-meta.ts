/** The page's meta element naming the console's version it is of (server/console-page.ts writes it). */
export const WEB_VERSION_META = 'web-version';
