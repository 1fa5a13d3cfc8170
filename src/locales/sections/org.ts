import { orgApps } from './org-apps';
import { orgPeople } from './org-people';

/** Console texts of the org pages, under the `org` key; both languages have the same keys. */
export const org = {
  'zh-CN': { ...orgApps['zh-CN'], ...orgPeople['zh-CN'] },
  en: { ...orgApps.en, ...orgPeople.en },
};
