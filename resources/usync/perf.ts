/**
 * Sync's performance sessions (spec 001: "Perf session (sync): Init, Running, Finished, Failed"; calls
 * `GET /api/v1/perf/sessions/{id}`, `POST /api/v1/perf/sessions`, and the app's list at
 * `GET /api/v1/perf/sessions/appid/{id}`, a declared call in `calls.ts`): the server opens a room of a profile, seats
 * the simulated clients, connects them to its own relay and measures their messages' round trip
 * (`server/services/usync/perf*.ts`). Its charts on the record's page are its `charts` (per-second series).
 */
import type { ResourceDecl, Text } from '../types';
import perfSchema from '../../schemas/usync/perf-session.json' with { type: 'json' };

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** The console's routes (spec 001 §2: `sync/perf`, `sync/perf/{taskId}`). */
export const PERF_ROUTES = { list: 'sync/perf', show: 'sync/perf/:taskId' } as const;

/** A session's states (spec 001). */
export const PERF = { init: 'Init', running: 'Running', finished: 'Finished', failed: 'Failed' } as const;

/** The path of a session's records, under the service base; the app's list is `<PERF_PATH>/appid/:id`. */
export const PERF_PATH = '/api/v1/perf/sessions';

export const perfSessions: ResourceDecl = {
  name: 'perfSessions',
  label: t('性能测试', 'Perf sessions'),
  singular: t('性能测试', 'perf session'),
  schema: perfSchema,
  path: PERF_PATH,
  idField: 'id',
  titleField: 'id',
  scope: 'app',
  // Spec 001: GET one, POST one; the app's list is its own call (`perfSessions.ofApp`). A session is kept as a record.
  operations: ['list', 'show', 'create'],
  list: {
    columns: ['profileId', 'status', 'clients', 'durationSeconds', 'latencyP99', 'throughput', 'errors', 'createdAt'],
    filters: ['status', 'profileId'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    pageSize: 20,
  },
  status: {
    field: 'status',
    initial: PERF.init,
    watch: [PERF.init, PERF.running],
    values: {
      [PERF.init]: { color: 'default', label: t('初始化', 'Init') },
      [PERF.running]: { color: 'processing', label: t('运行中', 'Running') },
      [PERF.finished]: { color: 'green', label: t('已完成', 'Finished') },
      [PERF.failed]: { color: 'red', label: t('失败', 'Failed') },
    },
  },
  readOnly: ['status', 'statusReason', 'roomId', 'pod', 'startedAt', 'finishedAt', 'sent', 'received', 'throughput', 'bytesSent', 'bytesReceived', 'errors', 'latencyP50', 'latencyP90', 'latencyP99', 'latencyMax', 'series'],
  references: [{ field: 'profileId', resource: 'profiles', onDelete: 'restrict', message: 'no such room profile' }],
  actions: [
    {
      name: 'stop',
      label: t('停止测试', 'Stop the session'),
      from: [PERF.init, PERF.running],
      to: PERF.failed,
      method: 'POST',
      path: '/stop',
      refused: 'the perf session has already ended',
      implementedBy: 'service',
      confirm: t('模拟客户端会被断开，测试以失败结束，已有的结果不保留。确定停止吗？', 'Its simulated clients are disconnected and the session ends as failed, without results. Stop it?'),
      danger: true,
      api: { summary: 'Stop the session: its simulated clients leave, the room it opened closes, and it ends Failed, its reason saying it was stopped' },
    },
  ],
  // The run's seconds, from its `series`.
  charts: [
    { kind: 'line', label: t('往返延迟（毫秒）', 'Round trip (ms)'), list: 'series', x: 'second', series: [{ field: 'p50', label: t('P50', 'p50') }, { field: 'p99', label: t('P99', 'p99') }], span: 12, empty: t('没有往返数据', 'No round trips') },
    { kind: 'line', label: t('每秒消息数', 'Messages a second'), list: 'series', x: 'second', series: [{ field: 'sent', label: t('发送', 'Sent') }, { field: 'received', label: t('接收', 'Received') }], span: 12, empty: t('没有消息', 'No messages') },
  ],
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  routes: { list: PERF_ROUTES.list, show: PERF_ROUTES.show },
  // On the back office's `sync-management` page: every app's sessions, the clients they seat per app, and the stop.
  acrossApps: { route: 'sync-management', filters: ['status'], sums: ['clients', 'errors'], actions: ['stop'] },
};
