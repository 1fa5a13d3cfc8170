import { account } from './account';
import { shell } from './shell';

/**
 * The sections every public page may use (signing in and up, the site's frame): loaded with every page. The site
 * and payment pages add their own sections when they load (their `texts.ts`), the console all the others.
 */
export const publicSections = {
  'zh-CN': { account: account['zh-CN'], shell: shell['zh-CN'] },
  en: { account: account.en, shell: shell.en },
};
