/** Console texts of passport's identity pages, under the `passportIdentity` key; both languages have the same keys. */
export const passportIdentity = {
  'zh-CN': {},
  en: {},
};
