/** Console texts of the account pages, under the `account` key; both languages have the same keys. */
export const account = {
  'zh-CN': {},
  en: {},
};
