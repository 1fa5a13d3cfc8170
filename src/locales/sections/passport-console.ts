/** Console texts of passport's console pages, under the `passportConsole` key; both languages have the same keys. */
export const passportConsole = {
  'zh-CN': {
    coming: {
      badge: '即将推出',
      planned: '计划提供',
      notYet: '这项功能尚未开放，此页面只说明它将做什么；目前不会保存或发送任何数据。',
      backToSettings: '返回 Passport 设置',
      features: {
        friend: {
          summary: '根据共同好友、同一区服和近期同局，为玩家推荐可能认识的人。',
          points: ['按共同好友、区服和近期对局生成推荐列表', '从微信、QQ 等登录渠道导入已授权的好友关系', '推荐结果遵守玩家的黑名单与隐私设置'],
        },
        group: {
          summary: '公会之外的轻量群组：组队、兴趣群和聊天频道。',
          points: ['玩家自行创建和解散群组，设置人数上限', '群主与管理员管理成员和入群申请', '按区服或标签查看群组及其成员'],
        },
        share: {
          summary: '追踪玩家的分享链接与邀请关系，并按规则发放邀请奖励。',
          points: ['为每位玩家生成可追踪的邀请链接', '记录谁邀请了谁，以及被邀请者是否完成注册', '邀请达标后自动发放奖励到邮箱'],
        },
        entitlement: {
          summary: '把 App Store、Google Play 等商店的购买自动同步为玩家权益。',
          points: ['校验商店收据并创建对应的权益', '订阅续费、退款和过期时自动更新权益状态', '在权益列表中查看每条权益的商店来源'],
        },
        gift: {
          summary: '玩家之间互相赠送道具和货币。',
          points: ['设置可赠送的资源、每日次数和数量上限', '赠送与领取都写入交易记录，可追溯', '好友关系与黑名单决定谁可以互赠'],
        },
        analysis: {
          summary: '玩家留存、活跃与付费的分析报表。',
          points: ['次日、7 日、30 日留存和按注册日期的同期群', '新增、活跃与付费玩家的趋势', '按区服、平台和登录渠道拆分'],
        },
        feedback: {
          summary: '玩家在游戏内提交反馈，你在控制台查看和回复。',
          points: ['玩家提交文字与截图，自动附带设备与版本信息', '按状态分派、跟进和关闭反馈', '回复通过玩家邮箱送达'],
        },
        announce: {
          summary: '玩家登录时弹出的公告，可按平台和版本投放。',
          points: ['设置公告的生效时间、平台与最低版本', '支持强制阅读和每日仅弹一次', '查看公告的展示与关闭次数'],
        },
        'push-notification': {
          summary: '向玩家设备发送推送通知。',
          points: ['对接 APNs、FCM 与国内厂商推送通道', '按玩家、标签或全体发送，支持定时', '查看送达与点击统计'],
        },
        mail: {
          summary: '向玩家已验证的电子邮箱发送通知与营销邮件。',
          points: ['使用模板发送账号通知与活动邮件', '玩家可随时退订营销邮件', '查看发送、退信与打开统计'],
        },
        rank: {
          summary: '赛季段位：从青铜到王者的晋级与降级。',
          points: ['定义段位、每段积分与晋级规则', '赛季结束时按规则重置段位并发放赛季奖励', '查看各段位的玩家分布'],
        },
        award: {
          summary: '签到、在线时长等奖励活动。',
          points: ['配置每日签到、累计登录和在线时长奖励', '奖励自动发放到玩家邮箱', '查看每个活动的参与和领取情况'],
        },
        callback: {
          summary: 'Passport 事件发生时回调你的游戏服务器。',
          points: ['订阅登录、购买、封禁等事件', '回调带签名，失败按退避策略重试', '查看每次回调的请求、应答和重试记录'],
        },
      },
    },
  },
  en: {
    coming: {
      badge: 'Coming soon',
      planned: 'What it will do',
      notYet: 'This feature is not available yet: this page only says what it will do. Nothing is stored or sent here.',
      backToSettings: 'Back to passport settings',
      features: {
        friend: {
          summary: 'Suggest people a player may know, from mutual friends, the same realm and recent matches.',
          points: [
            'Suggestions from mutual friends, realms and recent matches',
            'Import friends a player has authorised from sign-in channels such as WeChat and QQ',
            "Suggestions respect the player's blacklist and privacy settings",
          ],
        },
        group: {
          summary: 'Lightweight groups beside guilds: parties, interest groups and chat channels.',
          points: ['Players create and dissolve groups, with a member limit', 'Owners and admins manage members and join requests', 'See groups and their members by realm or tag'],
        },
        share: {
          summary: "Track players' share links and invitations, and reward invitations by your rules.",
          points: ['A trackable invitation link for every player', 'Who invited whom, and whether the invited player signed up', 'Rewards sent to the inbox when an invitation qualifies'],
        },
        entitlement: {
          summary: 'Turn App Store and Google Play purchases into player entitlements automatically.',
          points: ['Store receipts verified and matching entitlements created', 'Renewals, refunds and expiry update the entitlement', "Each entitlement's store shown in the entitlement list"],
        },
        gift: {
          summary: 'Players give each other items and currency.',
          points: ['Choose which resources can be given, with daily and amount limits', 'Every gift and claim recorded as a transaction', 'Friendships and blacklists decide who can give to whom'],
        },
        analysis: {
          summary: 'Reports on player retention, activity and spending.',
          points: ['Day-1, day-7 and day-30 retention, and cohorts by sign-up date', 'Trends of new, active and paying players', 'Split by realm, platform and sign-in channel'],
        },
        feedback: {
          summary: 'Players send feedback from the game; you read and answer it in the console.',
          points: ['Text and screenshots, with device and version attached', 'Assign, follow up and close feedback by status', "Answers delivered to the player's inbox"],
        },
        announce: {
          summary: 'Announcements shown when players sign in, by platform and version.',
          points: ['Set when an announcement runs, its platforms and lowest version', 'Must-read announcements, or once a day', 'How often each was shown and dismissed'],
        },
        'push-notification': {
          summary: "Push notifications to players' devices.",
          points: ['APNs, FCM and the Chinese vendor channels', 'Send to players, a tag or everyone, now or at a set time', 'Delivery and open counts'],
        },
        mail: {
          summary: "Notices and campaigns sent to players' verified e-mail addresses.",
          points: ['Account notices and campaign e-mails from templates', 'Players can unsubscribe from campaigns at any time', 'Sent, bounced and opened counts'],
        },
        rank: {
          summary: 'Season tiers from bronze to champion, with promotion and relegation.',
          points: ['Define tiers, points per tier and promotion rules', 'Tiers reset by your rules at season end, with season rewards', 'How players are spread over the tiers'],
        },
        award: {
          summary: 'Reward campaigns for daily sign-in, login streaks and time played.',
          points: ['Daily sign-in, streak and time-played rewards', "Rewards sent to the player's inbox", 'Who took part and who claimed, per campaign'],
        },
        callback: {
          summary: 'Calls to your game server when passport events happen.',
          points: ['Subscribe to sign-in, purchase, ban and other events', 'Signed calls, retried with back-off when they fail', 'Each call with its request, answer and retries'],
        },
      },
    },
  },
};
