/** Console texts of the ops pages, under the `ops` key; both languages have the same keys. */
export const ops = {
  'zh-CN': {},
  en: {},
};
