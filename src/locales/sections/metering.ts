/** Console texts of the metering pages, under the `metering` key; both languages have the same keys. */
export const metering = {
  'zh-CN': {},
  en: {},
};
