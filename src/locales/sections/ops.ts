import { opsConsole } from './ops-console';
import { opsSite } from './ops-site';

/** Console texts of the ops pages, under the `ops` key; both languages have the same keys. */
export const ops = {
  'zh-CN': { ...opsConsole['zh-CN'], ...opsSite['zh-CN'] },
  en: { ...opsConsole.en, ...opsSite.en },
};
