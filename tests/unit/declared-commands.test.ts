import { describe, expect, it, vi } from 'vitest';

// The HTTP client sets the page's language when it loads: give it the one element it touches.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { documentElement: {}, cookie: '' };
});

import type { CallDecl } from '../../resources/call-types';
import { commandDanger, commandFileRequest, sendsQuery } from '../../resources/command-call';
import type { CommandDecl, ResourceDecl, ServiceDecl } from '../../resources/types';
import { services } from '../../resources';
import { buildModel } from '../../server/engine/model';
import { commandArguments } from '../../src/engine/useDeclaredCommands';

const label = { 'zh-CN': '甲', en: 'a' };
const answer = { description: 'the thing', schema: { type: 'object' } };
const zipUpload = { types: ['application/zip'], extensions: ['.zip'] };
const codeQuery = { type: 'object', required: ['startCommand'], properties: { startCommand: { type: 'string' }, fileName: { type: 'string' }, note: { type: 'string' } } };
const onThing = { resource: 'things', missing: 'no such thing' };
const calls: Record<string, CallDecl> = {
  'code.put': { method: 'PUT', path: '/things/:id/code', caller: 'service', record: onThing, summary: 'code', upload: zipUpload, query: codeQuery, answer, errors: [400] },
  'code.plain': { method: 'PUT', path: '/things/:id/plain', caller: 'service', record: onThing, summary: 'no file', answer, errors: [400] },
  'closer.close': { method: 'DELETE', path: '/things/:id/closer', caller: 'service', record: onThing, summary: 'close', answer, errors: [404] },
} as unknown as Record<string, CallDecl>;

const startField = { type: 'object', required: ['startCommand'], properties: { startCommand: { type: 'string', minLength: 1 } } };
const upload: CommandDecl = { name: 'upload', label, on: 'item', method: 'PUT', path: '/code', file: { fileNameParam: 'fileName' }, fields: startField, api: { call: 'code.put' } };
const close: CommandDecl = { name: 'close', label, on: 'item', method: 'DELETE', path: '/closer', confirm: label, api: { call: 'closer.close' } };

const resource = (commands: CommandDecl[]): ResourceDecl => ({
  name: 'things',
  label,
  singular: label,
  schema: { type: 'object', properties: { name: { type: 'string' } } },
  path: '/things',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show'],
  list: { columns: ['name'] },
  access: { read: ['app'], write: ['app'] },
  commands,
});
const service = { name: 'svc', base: '/svc', convention: 'crud', resources: [], calls } as unknown as ServiceDecl;
const build = (...commands: CommandDecl[]) => () => buildModel(service, resource(commands));

describe('DELETE commands in the declaration', () => {
  it('are refused at start-up without a confirmation, and taken with one', () => {
    expect(build(close)).not.toThrow();
    expect(build({ ...close, confirm: undefined })).toThrow(/DELETE command asks for a confirmation/);
  });

  it('are none of the engine kinds and send no file', () => {
    expect(build({ ...close, file: {} })).toThrow(/sends no file/);
    expect(build({ ...close, download: true })).toThrow(/sends no file/);
  });

  it('are shown as dangerous and send their fields in the query', () => {
    expect(commandDanger(close)).toBe(true);
    expect(commandDanger({ ...close, method: 'POST' })).toBe(false);
    expect(commandArguments(close, {}, { reason: 'done' })).toEqual({ query: { reason: 'done' }, body: undefined });
    expect(sendsQuery({ ...close, method: 'PUT' })).toBe(false);
  });
});

describe('commands served by a declared call', () => {
  it('are refused at start-up when made with another method or at another address than the call', () => {
    expect(build({ ...close, method: 'POST', confirm: undefined })).toThrow(/served by call 'closer.close'/);
    expect(build({ ...close, path: '/closing' })).toThrow(/served by call 'closer.close'/);
  });
});

describe('file commands in the declaration', () => {
  it('are taken when they name an upload call with their method, at their address, asking what its query needs', () => {
    expect(build(upload)).not.toThrow();
    expect(build({ ...upload, fields: { ...startField, properties: { ...startField.properties, note: { type: 'string' } } } })).not.toThrow();
  });

  it('are refused at start-up when the call takes no file or does not exist', () => {
    expect(build({ ...upload, path: '/plain', api: { call: 'code.plain' } })).toThrow(/no declared call with an upload body/);
    expect(build({ ...upload, api: { call: 'code.missing' } })).toThrow(/no declared call with an upload body/);
    expect(build({ ...upload, api: undefined })).toThrow(/no declared call with an upload body/);
  });

  it('are refused at start-up when sent otherwise than the call is made', () => {
    expect(build({ ...upload, method: 'POST' })).toThrow(/its call's method/);
    expect(build({ ...upload, on: 'collection' })).toThrow(/item command/);
    expect(build({ ...upload, upload: true })).toThrow(/none of the engine's kinds/);
    expect(build({ ...upload, path: '/code/:startCommand' })).toThrow(/not its path/);
  });

  it("are refused at start-up when the dialog asks for what the call's query does not take, or leaves out what it needs", () => {
    expect(build({ ...upload, file: { fileNameParam: 'name' } })).toThrow(/'name' not a parameter/);
    expect(build({ ...upload, fields: { type: 'object', properties: { colour: { type: 'string' } } } })).toThrow(/'colour' not a parameter/);
    expect(build({ ...upload, fields: { type: 'object', properties: { startCommand: { type: 'string' } } } })).toThrow(/requires 'startCommand'/);
    expect(build({ ...upload, fields: undefined })).toThrow(/requires 'startCommand'/);
  });

  it("send the file to the record's address, the dialog's values and the file's name in the query, offering the call's types", () => {
    const request = commandFileRequest(service, upload, '/svc/things/t1/code', { startCommand: 'node a.mjs', note: '' }, 'code.zip');
    expect(request).toEqual({ method: 'PUT', url: '/svc/things/t1/code', query: { startCommand: 'node a.mjs', fileName: 'code.zip' }, extensions: ['.zip'], accept: '.zip,application/zip' });
  });

  it('of the product name an upload call each, and every DELETE command of the product asks for a confirmation', () => {
    const commands = services.flatMap((s) => s.resources.flatMap((r) => (r.commands ?? []).map((c) => [s, c] as const)));
    const files = commands.filter(([, c]) => c.file);
    expect(files.map(([s, c]) => `${s.name}.${c.name}`)).toContain('func.uploadCode');
    for (const [s, c] of files) expect(s.calls?.[c.api!.call!]?.upload, `${s.name}.${c.name}`).toBeDefined();
    const deletes = commands.filter(([, c]) => c.method === 'DELETE');
    expect(deletes.map(([s, c]) => `${s.name}.${c.name}`)).toContain('func.closeAutoscaler');
    for (const [s, c] of deletes) expect(c.confirm, `${s.name}.${c.name}`).toBeDefined();
  });
});
