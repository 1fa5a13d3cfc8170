/** Console texts of passport's console pages, under the `passportConsole` key; both languages have the same keys. */
export const passportConsole = {
  'zh-CN': {},
  en: {},
};
