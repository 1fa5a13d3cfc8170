import type { ChangeDecl, PageViewDecl, ResourceDecl } from '../types';
import { appAccess } from './part';
import idDomainSchema from '../../schemas/passport/identity/id-domain.json' with { type: 'json' };
import codeLogSchema from '../../schemas/passport/identity/views/code-log.json' with { type: 'json' };

const inTest = { production: [false], sendForReview: [false] };

/**
 * The developer asks for production (the platform reviews it) or returns the id domain to test:
 * `PUT /id-domains/:id/production` with `{ production: true | false }` and the version read.
 */
const production: Pick<ChangeDecl, 'method' | 'path' | 'versioned'> = { method: 'PUT', path: '/production', versioned: true };

/** The administrators' flags: `PUT /update-id-domain-production` and `/update-id-domain-send-for-review`, the id in the body. */
const adminFlag = (path: string): Pick<ChangeDecl, 'method' | 'path' | 'bodyId' | 'access' | 'audit'> => ({
  method: 'PUT',
  path: `/${path}`,
  bodyId: 'idDomainId',
  access: ['admin'],
  audit: path,
});

/**
 * The id domain: one per app, addressed by the app id, created by the first POST (404 before). Its production flag
 * says the platform let it out of test; the send-for-review flag says it asked to be. Both change only through the
 * declared changes, never through the update.
 */
export const idDomains: ResourceDecl = {
  name: 'id-domains',
  label: { 'zh-CN': '账号域', en: 'Id domain' },
  singular: { 'zh-CN': '账号域', en: 'id domain' },
  schema: idDomainSchema,
  path: '/id-domains',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: [],
  singleton: {
    write: 'PUT',
    createOnce: { duplicate: 'the app already has an id domain', notFound: 'id domain not found', idAlias: 'idDomainID' },
  },
  list: { columns: [] },
  access: appAccess(),
  // Kept in their own table before migration 018: each the record of its app, its id the app id.
  movedFrom: {
    table: 'passport_id_domains_moving',
    id: 'app_id',
    fields: {
      idDomainID: 'app_id',
      name: 'name',
      description: 'description',
      smsSignature: 'sms_signature',
      production: 'production',
      sendForReview: 'send_for_review',
    },
    version: 'version',
    at: 'updated_at',
  },
  changes: [
    {
      ...production,
      name: 'request-production',
      label: { 'zh-CN': '申请正式环境', en: 'Apply for production' },
      sends: { production: true },
      set: { sendForReview: true },
      when: inTest,
      refused: [
        { when: { production: [true] }, message: 'the id domain is already in production' },
        { message: 'the id domain is already waiting for review' },
      ],
      confirm: {
        'zh-CN': '提交后由平台审核，审核通过即切换为正式环境。确定提交？',
        en: 'The platform reviews the application and switches the id domain to production when approved. Apply?',
      },
    },
    {
      ...production,
      name: 'leave-production',
      label: { 'zh-CN': '退回测试环境', en: 'Back to test' },
      sends: { production: false },
      set: { production: false, sendForReview: false },
      when: [{ production: [true] }, { sendForReview: [true] }],
      refused: 'the id domain is not in production',
      danger: true,
      confirm: {
        'zh-CN': '退回后账号域回到测试环境（审核中的申请也会撤回）。确定？',
        en: 'The id domain returns to test (a pending application is withdrawn). Continue?',
      },
    },
    // An administrator's production flag concludes a pending review.
    {
      ...adminFlag('update-id-domain-production'),
      name: 'approve-production',
      label: { 'zh-CN': '设为正式环境', en: 'Set production' },
      sends: { production: true },
      set: { production: true, sendForReview: false },
    },
    {
      ...adminFlag('update-id-domain-production'),
      name: 'revoke-production',
      label: { 'zh-CN': '设为测试环境', en: 'Set test' },
      sends: { production: false },
      set: { production: false, sendForReview: false },
    },
    {
      ...adminFlag('update-id-domain-send-for-review'),
      name: 'mark-review',
      label: { 'zh-CN': '标记为待审核', en: 'Mark for review' },
      sends: { sendForReview: true },
      set: { sendForReview: true },
    },
    {
      ...adminFlag('update-id-domain-send-for-review'),
      name: 'clear-review',
      label: { 'zh-CN': '清除审核标记', en: 'Clear review flag' },
      sends: { sendForReview: false },
      set: { sendForReview: false },
    },
  ],
};

/** Every code the app sent or refused, newest first, with the number masked (`GET /id-domains/:appId/verification-code-logs`). */
export const codeLogsView: PageViewDecl = {
  name: 'codeLogs',
  label: { 'zh-CN': '发送记录', en: 'Codes sent' },
  subtitle: {
    'zh-CN': '玩家手机号登录所用的验证码：账号域与短信签名、发送记录。验证码 6 位，10 分钟内有效，可尝试 5 次，同一号码 60 秒内只发送一次。',
    en: 'The codes players sign in with by phone: the id domain and SMS signature, and every code sent. Codes have six digits, last ten minutes, allow five tries, and go to a number at most once a minute.',
  },
  notice: { 'zh-CN': '当前未接入短信网关：验证码会写入服务器日志，不会真正发出。', en: 'No SMS gateway is connected: codes are written to the server log instead of being sent.' },
  path: '/id-domains/:appId/verification-code-logs',
  listKey: 'verificationCodeLogs',
  row: codeLogSchema,
  columns: ['createdAt', 'phone', 'templateName', 'result'],
  rowKey: 'id',
  empty: { 'zh-CN': '暂无验证码发送记录', en: 'No codes sent yet' },
  emptyFiltered: { 'zh-CN': '没有符合条件的发送记录', en: 'No codes match' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [
    {
      name: 'result',
      kind: 'select',
      label: { 'zh-CN': '结果', en: 'Result' },
      values: { Sent: { label: { 'zh-CN': '已发送', en: 'Sent' } }, RateLimited: { label: { 'zh-CN': '发送过于频繁', en: 'Too frequent' } } },
    },
  ],
};
