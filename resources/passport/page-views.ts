import type { PageViewDecl } from '../types';
import sendRecordSchema from '../../schemas/passport/liveops/views/send-record.json' with { type: 'json' };
import friendRelationSchema from '../../schemas/passport/players/views/friend-relation.json' with { type: 'json' };
import standingSchema from '../../schemas/passport/liveops/views/achievement-standing.json' with { type: 'json' };
import inboxMessageSchema from '../../schemas/passport/liveops/views/inbox-message.json' with { type: 'json' };
import { sendMessageCommand } from './inbox-send';

/**
 * Passport's pages that are a list of one of its calls (`PageDecl.view`): the engine renders them with their
 * filters and row commands. The row shapes are `schemas/passport/<area>/views/*.json`.
 */

/** A persona chosen by name, searched as one types (pages filtered by persona, a battle pass's persona lookup). */
export const personaFilter = { kind: 'reference', label: { 'zh-CN': '角色', en: 'Persona' }, optionsFrom: { resource: 'personas', value: 'id', label: 'name' } } as const;

/**
 * The inbox page: Send a message in its toolbar (the send record answered), and the copies personas received, newest
 * first, by persona, status or send (`GET /inbox/messages`; a send record's link opens it with `?record=`).
 */
export const inboxMessagesView: PageViewDecl = {
  name: 'inboxMessages',
  label: { 'zh-CN': '已送达的邮件', en: 'Delivered messages' },
  subtitle: {
    'zh-CN': '向玩家角色发送邮件和附件。邮件状态：未读 → 已读未领取 → 已完成（无附件的邮件阅读后即完成）。',
    en: 'Send messages with attachments to personas. A message goes Unread → Read, not claimed → Completed (one without attachments completes when read).',
  },
  notice: {
    'zh-CN': '每个角色的邮箱最多 500 封；满时先清理最早的已完成邮件，仍满则跳过该角色。',
    en: 'An inbox holds 500 messages; when full, its oldest completed messages make room, otherwise that persona is skipped.',
  },
  path: '/inbox/messages',
  listKey: 'messages',
  row: inboxMessageSchema,
  columns: ['title', 'personaId', 'status', 'attachments', 'createdAt', 'readAt', 'claimedAt'],
  rowKey: 'id',
  empty: { 'zh-CN': '还没有邮件', en: 'No messages yet' },
  emptyFiltered: { 'zh-CN': '没有符合条件的邮件', en: 'No messages match' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    { name: 'personaId', ...personaFilter },
    {
      name: 'status',
      kind: 'select',
      label: { 'zh-CN': '状态', en: 'Status' },
      values: {
        Unread: { label: { 'zh-CN': '未读', en: 'Unread' } },
        Unconsumed: { label: { 'zh-CN': '已读未领取', en: 'Read, not claimed' } },
        Completed: { label: { 'zh-CN': '已完成', en: 'Completed' } },
      },
    },
    { name: 'recordId', param: 'record', kind: 'text', label: { 'zh-CN': '发送记录', en: 'Send record' } },
  ],
  commands: [sendMessageCommand],
};

/** Every send of inbox messages, newest first, with recall (`GET /inbox/records`, `POST /inbox/records/:id/recall`). */
export const inboxRecordsView: PageViewDecl = {
  name: 'inboxRecords',
  label: { 'zh-CN': '发送记录', en: 'Send records' },
  subtitle: {
    'zh-CN': '每次发送的内容、对象和送达情况。撤回会删除尚未完成的副本，已领取的不受影响。',
    en: 'What each send carried, whom it reached and who was skipped. A recall removes the copies not yet completed; claimed ones stay.',
  },
  path: '/inbox/records',
  listKey: 'records',
  row: sendRecordSchema,
  columns: ['createdAt', 'title', 'target', 'attachments', 'delivered', 'refused', 'status', 'createdBy'],
  rowKey: 'id',
  empty: { 'zh-CN': '还没有发送记录', en: 'Nothing sent yet' },
  emptyFiltered: { 'zh-CN': '没有符合条件的发送记录', en: 'No sends match' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    {
      name: 'status',
      kind: 'select',
      label: { 'zh-CN': '状态', en: 'Status' },
      values: { Sent: { label: { 'zh-CN': '已发送', en: 'Sent' } }, Recalled: { label: { 'zh-CN': '已撤回', en: 'Recalled' } } },
    },
  ],
  rowCommands: [
    {
      name: 'recall',
      label: { 'zh-CN': '撤回', en: 'Recall' },
      method: 'POST',
      path: '/:id/recall',
      when: { status: ['Sent'] },
      danger: true,
      confirm: {
        'zh-CN': '「{{title}}」未读和未领取的副本将从玩家邮箱中删除，已领取的保留。此操作不能撤销。',
        en: 'Unread and unclaimed copies of "{{title}}" are removed from the inboxes; claimed ones stay. This cannot be undone.',
      },
    },
  ],
};

/** The app's friendships and pending requests, with a way to end one (`POST /friends/search`, `DELETE /friends/:a/:b`). */
export const friendRelationsView: PageViewDecl = {
  name: 'friendRelations',
  label: { 'zh-CN': '好友关系', en: 'Friend relations' },
  subtitle: {
    'zh-CN': '应用内所有角色之间的好友关系与待处理的好友申请。好友上限和黑名单上限在“好友设置”中配置。',
    en: "Friendships and pending friend requests between the app's personas. The friend and blacklist limits are set in Friend settings.",
  },
  path: '/friends',
  method: 'POST',
  listKey: 'friends',
  row: friendRelationSchema,
  columns: ['personaName', 'friendName', 'state', 'since'],
  rowKey: ['personaId', 'friendId'],
  empty: { 'zh-CN': '还没有好友关系', en: 'No friend relations yet' },
  emptyFiltered: { 'zh-CN': '没有符合条件的好友关系', en: 'No friend relations match' },
  summary: { 'zh-CN': '共 {{total}} 条', en: '{{total}} in all' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    {
      name: 'state',
      kind: 'select',
      label: { 'zh-CN': '状态', en: 'State' },
      all: { 'zh-CN': '全部', en: 'All' },
      values: { accepted: { label: { 'zh-CN': '好友', en: 'Friends' } }, requested: { label: { 'zh-CN': '待处理申请', en: 'Pending requests' } } },
    },
    { name: 'personaId', ...personaFilter },
  ],
  links: [{ route: 'passport/account/friend', label: { 'zh-CN': '好友设置', en: 'Friend settings' } }],
  rowCommands: [
    {
      name: 'remove',
      label: { 'zh-CN': '解除', en: 'End' },
      method: 'DELETE',
      path: '/:personaId/:friendId',
      danger: true,
      confirm: { 'zh-CN': '确定解除这段好友关系（或撤销这条申请）？双方都会看到变化。', en: 'End this friendship (or drop this request)? Both personas will see the change.' },
    },
  ],
};

/** One persona's standing on every released achievement (`GET /personas/:id/achievements`), by state. */
export const achievementProgressView: PageViewDecl = {
  name: 'achievementProgress',
  label: { 'zh-CN': '成就进度', en: 'Achievement progress' },
  subtitle: {
    'zh-CN': '查看某个角色在各个已发布成就上的进度、达成与领奖情况。',
    en: "One persona's progress on every released achievement: achieved or not, rewards redeemed or not.",
  },
  path: '/personas/:personaId/achievements',
  listKey: 'achievements',
  row: standingSchema,
  columns: ['name', 'slugName', 'hidden', 'category', 'series', 'progress', 'achievementStatus', 'redeemStatus', 'rewards', 'achievedAt', 'redeemedAt'],
  rowKey: 'achievementId',
  choose: { 'zh-CN': '选择一个角色查看其成就进度', en: 'Choose a persona to see their progress' },
  empty: { 'zh-CN': '没有符合条件的成就', en: 'No achievement matches' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    { name: 'personaId', param: 'persona', ...personaFilter },
    {
      name: 'state',
      kind: 'select',
      label: { 'zh-CN': '状态', en: 'State' },
      all: { 'zh-CN': '全部', en: 'All' },
      values: {
        achieved: { label: { 'zh-CN': '已达成', en: 'Achieved' } },
        not_achieved: { label: { 'zh-CN': '未达成', en: 'Not achieved' } },
        redeemed: { label: { 'zh-CN': '已领奖', en: 'Redeemed' } },
        not_redeemed: { label: { 'zh-CN': '未领奖', en: 'Not redeemed' } },
      },
    },
  ],
};
