import { consoleSections } from './console';
import { docs } from './docs';
import { publicSections } from './public';
import { sitePages } from './site-pages';

/**
 * Sections of the console texts kept in their own files, each under its own top-level key: those of the public
 * pages, loaded with every page, and those of the console, added when it loads.
 */
export const sections = {
  'zh-CN': { ...publicSections['zh-CN'], ...consoleSections['zh-CN'], docs: docs['zh-CN'], sitePages: sitePages['zh-CN'] },
  en: { ...publicSections.en, ...consoleSections.en, docs: docs.en, sitePages: sitePages.en },
};
