/** Console texts of the org pages, under the `org` key; both languages have the same keys. */
export const org = {
  'zh-CN': {},
  en: {},
};
