/** Console texts of the shared shell (admin frame, footer, guards), under the `shell` key; both languages have the same keys. */
export const shell = {
  'zh-CN': {
    admin: { title: '管理后台', badge: '管理员' },
  },
  en: {
    admin: { title: 'Administration', badge: 'Administrator' },
  },
};
