/**
 * A database's proxy address (spec 002 §7 `POST databases/{id}/create-proxy`, `release-proxy`): a second address a
 * client connects to, a port of the operator's range (STORAGE_PROXY_PORTS) on the shown host, forwarding each
 * connection to the database's server. Offered on the database's page as two commands.
 */
import type { CallDecl } from '../call-types';
import { ok } from '../call-shapes';
import type { CommandDecl, JsonSchema, Text } from '../types';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

const proxyAnswer: JsonSchema = {
  type: 'object',
  required: ['proxyHost', 'proxyPort'],
  properties: {
    proxyHost: { type: 'string', description: 'the host a client connects to through the proxy', 'x-ui': { title: t('代理主机', 'Proxy host') } },
    proxyPort: { type: 'integer', description: "the proxy's port, from the deployment's range", 'x-ui': { title: t('代理端口', 'Proxy port'), widget: 'code' } },
  },
};

export const proxyCalls: Record<string, CallDecl> = {
  'databases.createProxy': {
    method: 'POST',
    path: '/databases/:id/create-proxy',
    caller: 'service',
    record: { resource: 'databases', missing: 'no such database' },
    summary:
      "Open a proxy address for the running database: a port of the deployment's range (STORAGE_PROXY_PORTS) that forwards every connection to the database's server; the client signs in as before. Asked again, it answers the address already open",
    answer: ok('the database with its proxy address', proxyAnswer),
    errors: [401, 403, 404, 409],
  },
  'databases.releaseProxy': {
    method: 'POST',
    path: '/databases/:id/release-proxy',
    caller: 'service',
    record: { resource: 'databases', missing: 'no such database' },
    summary: "Close the database's proxy address: its port stops listening and the connections made through it end",
    answer: ok('the database without a proxy address'),
    errors: [401, 403, 404, 409],
  },
};

export const proxyCommands: CommandDecl[] = [
  {
    name: 'createProxy',
    label: t('开通代理地址', 'Create proxy address'),
    on: 'item',
    method: 'POST',
    path: '/create-proxy',
    answer: proxyAnswer,
    api: { call: 'databases.createProxy' },
  },
  {
    name: 'releaseProxy',
    label: t('释放代理地址', 'Release proxy address'),
    on: 'item',
    method: 'POST',
    path: '/release-proxy',
    confirm: t('释放后该代理地址不再可用，经由它的连接会断开。确定释放吗？', 'The proxy address stops working and connections made through it end. Release it?'),
    danger: true,
    api: { call: 'databases.releaseProxy' },
  },
];
