/** Console texts of the billing pages, under the `billing` key; both languages have the same keys. */
export const billing = {
  'zh-CN': {},
  en: {},
};
