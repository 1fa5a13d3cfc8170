/** Console texts of passport's liveops pages, under the `passportLiveops` key; both languages have the same keys. */
export const passportLiveops = {
  'zh-CN': {},
  en: {},
};
