/**
 * The console's pages (spec 001 §2: `device`, the sessions history, and `device/packages`), each the list one of the
 * spec's calls answers, rendered by the engine; a session opens on its record page (its steps, log and outcome).
 */
import type { CommandDecl, JsonSchema, PageDecl, PageViewDecl } from '../types';
import { devicesAnswer, sessionBody } from './calls';
import { DEVICE_ROUTES, deviceSessions } from './resources';

const states = deviceSessions.status!.values;

/** The sessions list's "start a session": the spec's `POST <base>/{appId}/sessions`, queued, then run on a device. */
const startCommand: CommandDecl = {
  name: 'start',
  label: { 'zh-CN': '开始测试', en: 'Start a session' },
  on: 'collection',
  method: 'POST',
  path: '',
  address: 'call',
  api: { call: 'sessions.start' },
  fields: sessionBody,
  opens: 'record',
};

const sessionsView: PageViewDecl = {
  name: 'sessions',
  label: { 'zh-CN': '测试记录', en: 'Test sessions' },
  subtitle: {
    'zh-CN': '安装包在真机上的测试：安装、启动、随机事件测试、日志与截图。打开一条记录查看其步骤与日志。',
    en: 'Packages tested on real devices: installed, launched, sent monkey events, their logs and a screenshot kept. Open a session for its steps and log.',
  },
  path: '/:appId/sessions',
  listKey: 'sessions',
  row: 'sessions',
  columns: ['fileName', 'package', 'model', 'serial', 'status', 'outcome', 'deviceSeconds', 'createdAt'],
  rowKey: 'id',
  empty: { 'zh-CN': '暂无测试记录：上传安装包后开始一次测试', en: 'No test sessions yet: upload a package, then start one' },
  emptyFiltered: { 'zh-CN': '没有符合条件的测试记录', en: 'No sessions match' },
  paging: { mode: 'server', pageSize: 20 },
  filters: [{ name: 'status', kind: 'select', label: { 'zh-CN': '状态', en: 'State' }, values: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, { label: v.label }])) }],
  commands: [startCommand],
  links: [
    { route: DEVICE_ROUTES.packages, label: { 'zh-CN': '安装包', en: 'Packages' } },
    { route: DEVICE_ROUTES.devices, label: { 'zh-CN': '设备', en: 'Devices' } },
  ],
};

const packagesView: PageViewDecl = {
  name: 'packages',
  label: { 'zh-CN': '安装包', en: 'Packages' },
  subtitle: {
    'zh-CN': '上传的安卓与鸿蒙安装包，按文件哈希保存：包名、版本、系统版本要求与签名证书。',
    en: 'The APK and HAP packages uploaded, kept by their hash: package name, version, SDK levels and signer.',
  },
  path: '/:appId/packages',
  listKey: 'packages',
  row: 'packages',
  columns: ['fileName', 'kind', 'package', 'versionName', 'versionCode', 'minSdk', 'targetSdk', 'size', 'sha256', 'createdAt'],
  rowKey: 'id',
  empty: { 'zh-CN': '暂无安装包：请上传安卓或鸿蒙安装包', en: 'No packages yet: upload an APK or a HAP' },
  paging: { mode: 'server', pageSize: 20 },
  // The spec's POST <base>/{appId}/package, the file as its body.
  uploads: [{ call: 'upload', label: { 'zh-CN': '上传安装包', en: 'Upload a package' }, fileNameParam: 'fileName' }],
  links: [{ route: DEVICE_ROUTES.sessions, label: { 'zh-CN': '测试记录', en: 'Test sessions' } }],
};

/** The devices the host's adb server sees; with none, or no adb server, the page says so. */
const devicesView: PageViewDecl = {
  name: 'devices',
  label: { 'zh-CN': '设备', en: 'Devices' },
  subtitle: {
    'zh-CN': '本机安卓调试桥服务识别到的设备：连接状态、型号、该应用是否可以使用、是否正在测试。',
    en: "The devices the host's adb server sees: their state and model, whether the app may use each, and whether it is busy.",
  },
  path: '/:appId/devices',
  listKey: 'devices',
  row: ((devicesAnswer.properties as Record<string, JsonSchema>).devices as { items: JsonSchema }).items,
  columns: ['serial', 'model', 'state', 'allowed', 'busy'],
  rowKey: 'serial',
  empty: {
    'zh-CN': '没有可用的设备：本机没有可连接的安卓调试桥服务，或尚未连接任何设备',
    en: 'No device to use: no adb server answers on this host, or no device is attached',
  },
  paging: { mode: 'client', pageSize: 20 },
  links: [{ route: DEVICE_ROUTES.sessions, label: { 'zh-CN': '测试记录', en: 'Test sessions' } }],
};

export const DEVICE_MENU = [
  { route: DEVICE_ROUTES.sessions, label: { 'zh-CN': '测试记录', en: 'Test sessions' } },
  { route: DEVICE_ROUTES.packages, label: { 'zh-CN': '安装包', en: 'Packages' } },
];

export const devicePages: PageDecl[] = [
  { route: DEVICE_ROUTES.sessions, label: DEVICE_MENU[0].label, view: sessionsView },
  { route: DEVICE_ROUTES.packages, label: DEVICE_MENU[1].label, view: packagesView },
  { route: DEVICE_ROUTES.devices, label: { 'zh-CN': '设备', en: 'Devices' }, view: devicesView },
];
