/** Console texts of passport's players pages, under the `passportPlayers` key; both languages have the same keys. */
export const passportPlayers = {
  'zh-CN': {},
  en: {},
};
