/**
 * Baking's records (spec 001 "Baking", §2 screens `baking` and `baking/{sessionId}`, §4 states): sessions, each
 * session's nodes (one per agent that claimed it), the agents that do the work, and the app's settings (the
 * instance types it may use). The platform's instance types are data of their own (`instance-types.ts`).
 */
import type { AccessDecl, ResourceDecl, StatusValue, Text } from '../types';
import sessionSchema from '../../schemas/baking/session.json' with { type: 'json' };
import nodeSchema from '../../schemas/baking/node.json' with { type: 'json' };
import agentSchema from '../../schemas/baking/agent.json' with { type: 'json' };
import settingsSchema from '../../schemas/baking/settings.json' with { type: 'json' };
import { instanceTypeIds } from './instance-types';
import { serviceMoves } from '../define';

/** The console's routes (spec 001 §2: `baking`, `baking/{sessionId}`). */
export const BAKING_ROUTES = { sessions: 'baking', session: 'baking/:sessionId', agents: 'baking/agents', settings: 'baking/settings' } as const;

const access = (): AccessDecl => ({ read: ['app', 'admin'], write: ['app', 'admin'] });

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The states a session and its node share: worked on, then how the work ended. */
const WORK_STATES: Record<string, StatusValue> = {
  Running: { color: 'processing', label: t('运行中', 'Running') },
  Finished: { color: 'green', label: t('已完成', 'Finished') },
  Failed: { color: 'red', label: t('已失败', 'Failed') },
  Canceled: { color: 'default', label: t('已取消', 'Canceled') },
};

/** The states a session is worked in (an agent holds it). */
export const WORKING = ['Preparing', 'Running'];
/** The states a session may still be stopped from. */
export const OPEN = ['Initial', ...WORKING];

/**
 * Cancel, mark done, mark failed: Google-style custom methods (`POST /sessions/{id}:cancel`), served by the service,
 * which stops the session's running node (its time metered) with the move.
 */
const sessionAction = serviceMoves('the session after the move');

export const sessions: ResourceDecl = {
  name: 'sessions',
  label: t('烘焙任务', 'Sessions'),
  singular: t('烘焙任务', 'session'),
  schema: sessionSchema,
  path: '/sessions',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // The spec lists no create call; a session is created here and then claimed by an agent (ADR 0021).
  operations: ['list', 'create', 'show'],
  list: {
    columns: ['name', 'instanceType', 'state', 'progress', 'nodeCount', 'startedAt', 'finishedAt'],
    filters: ['state', 'instanceType'],
    sorters: ['name', 'startedAt', 'finishedAt'],
    search: ['name', 'scene'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'state',
    initial: 'Initial',
    values: {
      Initial: { color: 'default', label: t('排队中', 'Initial') },
      Preparing: { color: 'blue', label: t('准备中', 'Preparing') },
      ...WORK_STATES,
    },
  },
  actions: [
    sessionAction('cancel', t('取消', 'Cancel'), OPEN, 'Canceled', 'only a queued or running session can be cancelled', 'Cancel a session (from Initial, Preparing or Running); its running node is stopped', { confirm: t('确定取消该烘焙任务吗？', 'Cancel this session?'), danger: true }),
    sessionAction('done', t('标记完成', 'Mark done'), WORKING, 'Finished', 'only a preparing or running session can be marked done', 'Mark a session done (from Preparing or Running); its running node is stopped'),
    sessionAction('fail', t('标记失败', 'Mark failed'), OPEN, 'Failed', 'only a queued or running session can be marked failed', 'Mark a session failed (from Initial, Preparing or Running); its running node is stopped', {
      confirm: t('确定将该烘焙任务标记为失败吗？', 'Mark this session failed?'),
      danger: true,
    }),
  ],
  readOnly: ['state', 'progress', 'nodeCount', 'agentId', 'startedAt', 'finishedAt', 'resultLocation', 'message'],
  children: [{ resource: 'nodes', field: 'sessionId' }],
  views: [
    {
      name: 'results',
      label: t('结果文件', 'Result files'),
      path: '/results',
      listKey: 'items',
      row: {
        type: 'object',
        properties: {
          fileName: { type: 'string', 'x-ui': { title: t('文件名', 'File name') } },
          size: { type: 'integer', 'x-ui': { title: t('大小（字节）', 'Size (bytes)') } },
          url: { type: 'string', 'x-ui': { title: t('下载链接', 'Download link') } },
        },
      },
      columns: ['fileName', 'size', 'url'],
      rowKey: 'fileName',
      empty: t('还没有结果文件', 'No result files yet'),
      paging: { mode: 'client', pageSize: 20 },
      refetchOnChange: true,
      api: { summary: "The session's result files, each with a signed download link" },
    },
  ],
  access: access(),
  routes: { list: BAKING_ROUTES.sessions, show: BAKING_ROUTES.session },
};

export const nodes: ResourceDecl = {
  name: 'nodes',
  label: t('节点', 'Nodes'),
  singular: t('节点', 'node'),
  schema: nodeSchema,
  path: '/nodes',
  idField: 'id',
  idParam: 'nodeId',
  titleField: 'agentName',
  scope: 'app',
  // Made by the agents' claims and stopped with their sessions: read only.
  operations: ['list', 'show'],
  parent: { resource: 'sessions', param: 'id', field: 'sessionId', onDelete: 'cascade' },
  list: { columns: ['agentName', 'instanceType', 'state', 'startedAt', 'stoppedAt', 'seconds'], filters: ['state', 'sessionId'], sorters: ['startedAt', 'seconds'], defaultSort: { field: 'createdAt', order: 'asc' }, pageSize: 20 },
  status: {
    field: 'state',
    initial: 'Running',
    values: {
      ...WORK_STATES,
      Lost: { color: 'orange', label: t('已失联', 'Lost') },
    },
  },
  access: access(),
};

export const agents: ResourceDecl = {
  name: 'agents',
  label: t('烘焙代理', 'Agents'),
  singular: t('烘焙代理', 'agent'),
  schema: agentSchema,
  path: '/agents',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  // Registering is a create; the agent protocol's calls are on its record (`resources/baking/agent-calls.ts`).
  operations: ['list', 'create', 'show', 'delete'],
  unique: ['name'],
  list: { columns: ['name', 'instanceType', 'state', 'lastHeartbeatAt', 'sessionId'], filters: ['state', 'instanceType'], sorters: ['name', 'lastHeartbeatAt'], search: ['name'], pageSize: 20 },
  status: {
    field: 'state',
    initial: 'Online',
    values: { Online: { color: 'green', label: t('在线', 'Online') }, Lost: { color: 'orange', label: t('已失联', 'Lost') } },
  },
  readOnly: ['state', 'lastHeartbeatAt', 'sessionId'],
  access: access(),
  routes: { list: BAKING_ROUTES.agents },
};

/** The app's baking settings: the instance types its sessions may ask for, among the platform's. */
const settingsProps = settingsSchema.properties;
export const settings: ResourceDecl = {
  name: 'settings',
  label: t('烘焙设置', 'Baking settings'),
  singular: t('烘焙设置', 'baking settings'),
  schema: { ...settingsSchema, properties: { ...settingsProps, instanceTypes: { ...settingsProps.instanceTypes, items: { ...settingsProps.instanceTypes.items, enum: instanceTypeIds() } } } },
  path: '/settings',
  idField: 'id',
  titleField: 'instanceTypes',
  scope: 'app',
  operations: [],
  singleton: { write: 'PUT' },
  list: { columns: [] },
  access: access(),
  routes: { list: BAKING_ROUTES.settings },
};

export const bakingResources: ResourceDecl[] = [sessions, nodes, agents, settings];
