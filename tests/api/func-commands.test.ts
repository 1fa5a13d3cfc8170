/**
 * The command format's DELETE and file commands as the engine mounts and documents them: every such command of the
 * product is in the API document at its record's address (a file command's body binary, of the types its call takes,
 * its dialog in the query), and the function's "upload code" and "close autoscaler" work as the console sends them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../../resources';
import { commandFileRequest, sendsQuery } from '../../resources/command-call';
import { collectionPath } from '../../resources/relations';
import type { CommandDecl } from '../../resources/types';
import { func } from '../../resources/func';
import { toOpenApiPath } from '../../server/engine/openapi';
import { funcArchive, startFunc, type FuncHarness } from './func-fixtures';

interface Operation {
  summary: string;
  requestBody: { content: Record<string, { schema: unknown }> };
  parameters: { in: string; name: string }[];
}

let h: FuncHarness;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  h = await startFunc('commands', { FUNC_PORT_RANGE: '17600-17609' });
  doc = (await h.req({ method: 'GET', url: '/openapi.json' })).json();
});
afterAll(() => h?.close());

/** Every DELETE or file command of the product, with its service and resource. */
const commands = services.flatMap((s) => s.resources.flatMap((r) => (r.commands ?? []).filter((c) => c.method === 'DELETE' || c.file).map((c) => ({ s, r, c }))));
const anyParam = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const operation = (url: string, method: string): Operation | undefined => {
  const path = Object.keys(doc.paths).find((p) => anyParam(p) === anyParam(toOpenApiPath(url)));
  return path ? doc.paths[path][method.toLowerCase()] : undefined;
};
const command = (name: string): CommandDecl => func.resources.find((r) => r.name === 'functions')!.commands!.find((c) => c.name === name)!;
const fnUrl = (id: string) => `${collectionPath(func, func.resources.find((r) => r.name === 'functions')!)}/${id}`;

describe('DELETE and file commands', () => {
  it('are each in the API document at their record address with their method; a file command takes binary bytes of its call types, its dialog in the query', () => {
    expect(commands.map(({ s, c }) => `${s.name}.${c.name}`)).toEqual(expect.arrayContaining(['func.closeAutoscaler', 'func.uploadCode']));
    for (const { s, r, c } of commands) {
      const where = `${s.name}/${r.name}.${c.name}`;
      const op = operation(`${collectionPath(s, r)}/:id${c.path}`, c.method);
      expect(op, where).toBeDefined();
      if (c.api?.call) expect(op!.summary, where).toBe(s.calls![c.api.call].summary);
      if (!c.file) continue;
      const content = op!.requestBody.content;
      expect(Object.keys(content).sort(), where).toEqual([...new Set([...s.calls![c.api!.call!].upload!.types, 'application/octet-stream'])].sort());
      for (const media of Object.values(content)) expect(media.schema, where).toEqual({ type: 'string', format: 'binary' });
      const query = op!.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      expect(query, where).toEqual(expect.arrayContaining([...Object.keys(c.fields?.properties ?? {}), ...(c.file.fileNameParam ? [c.file.fileNameParam] : [])]));
    }
  });

  it("upload a function's code as the console sends it, and the server's refusal names the start command", async () => {
    const id = (await h.fn('POST', `${h.base}/func/functions`, { name: 'uploaded', level: '1000m' })).json().id;
    const refused = commandFileRequest(func, command('uploadCode'), `${fnUrl(id)}/code`, { startCommand: 'node missing.mjs' }, 'game.zip');
    expect([refused.method, refused.url]).toEqual(['PUT', `${h.base}/func/functions/${id}/code`]);
    const bad = await h.upload(id, await funcArchive(), refused.query as Record<string, string>);
    expect([bad.statusCode, bad.json().details?.[0]?.field]).toEqual([400, '/startCommand']);

    const request = commandFileRequest(func, command('uploadCode'), `${fnUrl(id)}/code`, { startCommand: 'node players.mjs' }, 'game.zip');
    const up = await h.upload(id, await funcArchive(), request.query as Record<string, string>);
    expect(up.statusCode, up.body).toBe(200);
    const fn = (await h.fn('GET', `${h.base}/func/functions/${id}`)).json();
    expect([fn.startCommand, fn.codeFileName]).toEqual(['node players.mjs', 'game.zip']);
  });

  it("close the function's autoscaler with the DELETE command, no body sent", async () => {
    const id = (await h.fn('POST', `${h.base}/func/functions`, { name: 'scaled', level: '1000m' })).json().id;
    expect((await h.fn('POST', `${fnUrl(id)}/autoscaler`, { minServers: 0, maxServers: 2 })).statusCode).toBe(201);
    const close = command('closeAutoscaler');
    // Its dialog, none here, would go in the query: a DELETE takes no body.
    expect([close.method, close.fields, sendsQuery(close)]).toEqual(['DELETE', undefined, true]);
    const closed = await h.fn(close.method, `${fnUrl(id)}${close.path}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await h.fn('GET', `${fnUrl(id)}/autoscaler`)).json().status).toBe('closed');
  });
});
