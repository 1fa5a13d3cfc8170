import type { ResourceDecl, ServiceDecl } from './types';
import { PER, UNITS } from './meters';
import { helloCalls, tokenAnswer, tokenBody } from './hello/calls';
import type { CommandDecl } from './command-types';
import orgSchema from '../schemas/hello/org.json' with { type: 'json' };
import projectSchema from '../schemas/hello/project.json' with { type: 'json' };
import sessionSchema from '../schemas/hello/session.json' with { type: 'json' };

/** The console's routes (spec 002 §2: `hello`, the voice project; its sessions beside it). */
export const HELLO_ROUTES = { project: 'hello', sessions: 'hello/sessions' } as const;

const access = { read: ['app' as const, 'admin' as const], write: ['app' as const, 'admin' as const] };

/** The voice organisation of a console organisation: made by `POST /orgs`, before any of its apps' projects. */
export const helloOrgs: ResourceDecl = {
  name: 'orgs',
  label: { 'zh-CN': '语音组织', en: 'Voice organisations' },
  singular: { 'zh-CN': '语音组织', en: 'voice organisation' },
  schema: orgSchema,
  path: '/orgs',
  idField: 'id',
  titleField: 'name',
  scope: 'organisation',
  // Made and read by the service's calls only.
  operations: [],
  implementedBy: 'service',
  list: { columns: ['name', 'organizationId'] },
  access,
};

const byCall = (name: string, call: string, label: CommandDecl['label'], more: Partial<CommandDecl> = {}): CommandDecl => ({
  name,
  label,
  on: 'collection',
  method: 'POST',
  path: '',
  address: 'call',
  api: { call },
  ...more,
});

/** The spec's first-use sequence offered on the project's screen (org, then project), and a room token to try. */
const projectCommands: CommandDecl[] = [
  byCall('org', 'orgs', { 'zh-CN': '创建语音组织', en: 'Make the voice organisation' }),
  byCall('refactor', 'projects.refactor', { 'zh-CN': '创建语音项目', en: 'Make the voice project' }, {
    fields: { type: 'object', additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 100, title: 'Name', 'x-ui': { title: { 'zh-CN': '名称', en: 'Name' } } } } },
  }),
  byCall('token', 'tokens', { 'zh-CN': '签发房间令牌', en: 'Issue a room token' }, { fields: tokenBody, answer: tokenAnswer }),
];

/** The app's voice project (one per app): made by `POST /projects/refactor`, listed by `GET /projects`, its settings edited. */
export const helloProjects: ResourceDecl = {
  name: 'projects',
  label: { 'zh-CN': '语音项目', en: 'Voice projects' },
  singular: { 'zh-CN': '语音项目', en: 'voice project' },
  schema: projectSchema,
  path: '/projects',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'update'],
  list: { columns: ['name', 'tokenMinutes', 'recording', 'createdAt'] },
  readOnly: ['orgId'],
  commands: projectCommands,
  access,
  routes: { list: HELLO_ROUTES.project },
};

/** A participant's time in a room, or a recording, as the voice server reported it: what usage is computed from. */
export const helloSessions: ResourceDecl = {
  name: 'sessions',
  label: { 'zh-CN': '通话记录', en: 'Voice sessions' },
  singular: { 'zh-CN': '通话记录', en: 'voice session' },
  schema: sessionSchema,
  path: '/sessions',
  idField: 'id',
  titleField: 'room',
  scope: 'app',
  operations: ['list', 'show'],
  list: {
    columns: ['kind', 'room', 'identity', 'startedAt', 'endedAt', 'minutes'],
    filters: ['kind', 'room', 'day'],
    search: ['room', 'identity'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  access: { read: access.read, write: ['admin'] },
  routes: { list: HELLO_ROUTES.sessions },
};

export const hello: ServiceDecl = {
  name: 'hello',
  base: '/uhello/v1',
  convention: 'rest',
  catalogue: {
    icon: 'AudioOutlined',
    displayName: { 'zh-CN': 'Hello 实时语音', en: 'Hello' },
    label: { 'zh-CN': '实时语音', en: 'In-game voice' },
    description: {
      'zh-CN': '游戏内实时语音通话与录制，按日查看用量。',
      en: 'In-game voice chat and recording, with daily usage.',
    },
    capabilities: [
      { 'zh-CN': '游戏内实时语音通话', en: 'In-game voice chat' },
      { 'zh-CN': '通话录制', en: 'Recording' },
      { 'zh-CN': '按日查看用量', en: 'Daily usage' },
    ],
    productPage: '/product/hello',
    docPage: '/doc/hello',
    pricingTag: { 'zh-CN': '按通话与录制时长计费', en: 'Billed by voice and recording minutes' },
    mainService: false,
    // Spec 000 §4: Pending until its project exists; a missing project is created (org first, then project).
    needsProject: true,
  },
  // Spec 002 §9 "Hello", in currency units.
  // The spec gives the values without units; the unit named beside each is the one the platform bills in.
  prices: {
    // per thousand minutes of voice
    rtc: '7',
    // per thousand minutes of recording
    recording: '9',
  },
  // Voice and recording time are recorded in minutes and billed per 1,000 minutes.
  meters: [
    { meter: 'rtc', label: { 'zh-CN': '实时语音', en: 'Voice' }, unit: UNITS.thousandMinutes, price: 'rtc', per: PER.thousand },
    { meter: 'recording', label: { 'zh-CN': '录制', en: 'Recording' }, unit: UNITS.thousandMinutes, price: 'recording', per: PER.thousand },
  ],
  menu: [
    { route: HELLO_ROUTES.project, label: { 'zh-CN': '语音项目', en: 'Voice project' } },
    { route: HELLO_ROUTES.sessions, label: { 'zh-CN': '通话记录', en: 'Voice sessions' } },
  ],
  resources: [helloOrgs, helloProjects, helloSessions],
  calls: helloCalls,
};
