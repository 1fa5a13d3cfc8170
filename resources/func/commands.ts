/**
 * The console's commands on a stateful function (spec 001 §3, §7): upload its code, start a server, pick a server for
 * a player, and create, change or close the function's autoscaler. Each names the declared call it sends.
 */
import { textField } from '../call-shapes';
import type { CommandDecl, JsonSchema, Text } from '../types';
import { endpointAnswer, serverBody } from './calls';
import { autoscalerBody } from './autoscaler';

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

/** What the code upload asks for beside the archive (sent in the call's query). */
const codeFields: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['startCommand'],
  properties: {
    startCommand: {
      ...textField(500, 1),
      'x-ui': {
        title: t('启动命令', 'Start command'),
        placeholder: t('node server.mjs', 'node server.mjs'),
        help: t('代码包中的一个文件，或 node 加代码包中的脚本', 'A file of the archive, or node and a script of the archive'),
      },
    },
  },
};

export const autoscalerCommands: CommandDecl[] = [
  { name: 'createAutoscaler', label: t('创建自动扩缩容', 'Create autoscaler'), on: 'item', method: 'POST', path: '/autoscaler', fields: autoscalerBody, api: { call: 'autoscaler.create' } },
  { name: 'updateAutoscaler', label: t('修改自动扩缩容', 'Change autoscaler'), on: 'item', method: 'PUT', path: '/autoscaler', fields: autoscalerBody, api: { call: 'autoscaler.update' } },
  {
    name: 'closeAutoscaler',
    label: t('关闭自动扩缩容', 'Close autoscaler'),
    on: 'item',
    method: 'DELETE',
    path: '/autoscaler',
    confirm: t('关闭后，自动扩缩容不再增减服务器；它启动的服务器继续运行。确定关闭吗？', 'Once closed, the autoscaler starts and stops no more servers; those it started go on. Close it?'),
    api: { call: 'autoscaler.close' },
  },
];

export const functionCommands: CommandDecl[] = [
  { name: 'uploadCode', label: t('上传代码', 'Upload code'), on: 'item', method: 'PUT', path: '/code', file: { fileNameParam: 'fileName' }, fields: codeFields, api: { call: 'code.put' } },
  { name: 'startServer', label: t('启动服务器', 'Start a server'), on: 'item', method: 'POST', path: '/servers', fields: serverBody, api: { call: 'servers.create' } },
  { name: 'endpoint', label: t('为玩家选择服务器', 'Pick a server for a player'), on: 'item', method: 'POST', path: '/endpoint', answer: endpointAnswer, api: { call: 'endpoint' } },
  ...autoscalerCommands,
];
