/** Console texts of the payments pages, under the `payments` key; both languages have the same keys. */
export const payments = {
  'zh-CN': {},
  en: {},
};
