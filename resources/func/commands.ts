/**
 * The console's commands on a stateful function (spec 001 §3, §7): start a server, pick a server for a player, and
 * create or change the function's autoscaler. Each names the declared call it sends.
 */
import type { CommandDecl, Text } from '../types';
import { endpointAnswer, serverBody } from './calls';
import { autoscalerBody } from './autoscaler';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

export const autoscalerCommands: CommandDecl[] = [
  { name: 'createAutoscaler', label: t('创建自动扩缩容', 'Create autoscaler'), on: 'item', method: 'POST', path: '/autoscaler', fields: autoscalerBody, api: { call: 'autoscaler.create' } },
  { name: 'updateAutoscaler', label: t('修改自动扩缩容', 'Change autoscaler'), on: 'item', method: 'PUT', path: '/autoscaler', fields: autoscalerBody, api: { call: 'autoscaler.update' } },
];

export const functionCommands: CommandDecl[] = [
  { name: 'startServer', label: t('启动服务器', 'Start a server'), on: 'item', method: 'POST', path: '/servers', fields: serverBody, api: { call: 'servers.create' } },
  { name: 'endpoint', label: t('为玩家选择服务器', 'Pick a server for a player'), on: 'item', method: 'POST', path: '/endpoint', answer: endpointAnswer, api: { call: 'endpoint' } },
  ...autoscalerCommands,
];
