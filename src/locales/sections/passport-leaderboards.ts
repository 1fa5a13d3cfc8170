/** Console texts of passport's leaderboards pages, under the `passportLeaderboards` key; both languages have the same keys. */
export const passportLeaderboards = {
  'zh-CN': {},
  en: {},
};
