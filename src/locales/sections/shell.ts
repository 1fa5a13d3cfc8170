/** Console texts of the shared shell (admin frame, footer, guards), under the `shell` key; both languages have the same keys. */
export const shell = {
  'zh-CN': {
    admin: { title: '管理后台', badge: '管理员' },
    finance: { title: '财务后台', badge: '财务管理员' },
    nav: { apps: '我的应用', orgs: '组织', bill: '费用中心', usage: '用量统计' },
    apiReference: 'API 文档',
    footer: { tagline: '游戏服务平台', contact: '联系我们', consultation: '专家咨询', console: '控制台' },
  },
  en: {
    admin: { title: 'Administration', badge: 'Administrator' },
    finance: { title: 'Finance', badge: 'Finance administrator' },
    nav: { apps: 'Apps', orgs: 'Organisations', bill: 'Billing', usage: 'Usage' },
    apiReference: 'API reference',
    footer: { tagline: 'Game services platform', contact: 'Contact us', consultation: 'Expert consultation', console: 'Console' },
  },
};
