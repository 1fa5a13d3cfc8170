/** Console texts of passport's economy pages, under the `passportEconomy` key; both languages have the same keys. */
export const passportEconomy = {
  'zh-CN': {},
  en: {},
};
