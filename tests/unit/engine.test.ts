import { describe, expect, it } from 'vitest';
import { remoteConfig } from '../../resources/config';
import type { ResourceDecl } from '../../resources/types';
import { compileSchema, toFieldErrors } from '../../server/engine/ajv';
import { indexStatements } from '../../server/engine/indexes';
import { buildModel } from '../../server/engine/model';
import { toOpenApiPath } from '../../server/engine/openapi';
import { listSql } from '../../server/engine/store';

const [configs, overrides] = remoteConfig.resources;

describe('model', () => {
  it('drops read-only fields from write schemas and requires the version on update', () => {
    const m = buildModel(remoteConfig, overrides);
    expect(Object.keys(m.createSchema.properties as object)).not.toContain('status');
    expect(m.updateSchema.required).toContain('version');
    expect(m.createSchema.required).not.toContain('version');
    expect(m.recordSchema.required).toEqual(expect.arrayContaining(['id', 'version', 'createdAt', 'updatedAt', 'name']));
  });

  it('refuses a declaration whose list names a field the schema lacks', () => {
    const broken: ResourceDecl = { ...configs, list: { ...configs.list, sorters: ['nope'] } };
    expect(() => buildModel(remoteConfig, broken)).toThrow(/nope/);
  });

  it('reads numeric fields as numbers so they sort as numbers', () => {
    const m = buildModel(remoteConfig, overrides);
    expect(m.fieldKind('priority')).toBe('number');
    expect(m.fieldKind('name')).toBe('text');
    expect(m.fieldKind('status')).toBe('status');
  });
});

describe('list SQL', () => {
  const m = buildModel(remoteConfig, configs);

  it('keeps every caller value in parameters, scope first', () => {
    const { page, count, params, pageParams } = listSql(m, 'app-1', { page: 3, pageSize: 10, sort: 'key', order: 'desc', q: "50%_o'k", filters: { type: 'INT' } });
    expect(params).toEqual(['app-1', 'INT', "%50\\%\\_o'k%"]);
    expect(pageParams).toEqual([...params, 10, 20]);
    expect(page).not.toContain("o'k");
    expect(page).toMatch(/ORDER BY \(data->>'key'\) DESC, id DESC LIMIT \$4 OFFSET \$5/);
    expect(count).toMatch(/^SELECT count\(\*\)/);
  });

  it('uses the declared default sort', () => {
    expect(listSql(m, 'a', { page: 1, pageSize: 20, filters: {} }).page).toMatch(/ORDER BY \(data->>'key'\) ASC, id ASC/);
  });

  it('asks for an index per sort and filter field and a unique index per unique field', () => {
    const sql = indexStatements(m);
    expect(sql.filter((s) => s.startsWith('CREATE INDEX IF NOT EXISTS rx_'))).toHaveLength(new Set([...(configs.list.sorters ?? []), ...(configs.list.filters ?? [])]).size);
    expect(sql.filter((s) => s.startsWith('CREATE UNIQUE INDEX'))).toEqual([expect.stringContaining("(scope_id, (data->>'key'))")]);
    // In the resource's own table, made first; none of its indexes on the shared one, where those it had are dropped.
    expect(sql[0]).toMatch(/^CREATE TABLE IF NOT EXISTS records_remote_config_configs /);
    for (const index of sql.filter((s) => /^CREATE (UNIQUE )?INDEX /.test(s))) expect(index).toContain(' ON records_remote_config_configs ');
    expect(sql.filter((s) => s.startsWith('DROP INDEX IF EXISTS'))).toHaveLength(sql.filter((s) => /^CREATE (UNIQUE )?INDEX IF NOT EXISTS (rx|ux)_/.test(s)).length);
    expect(new Set(sql).size).toBe(sql.length);
  });
});

describe('validation errors', () => {
  it('names missing, unknown and wrong fields as JSON pointers, and query fields with a prefix', () => {
    const check = compileSchema(buildModel(remoteConfig, configs).createSchema);
    expect(check({ type: 'INT', value: '1.5', extra: true })).toBe(false);
    const fields = toFieldErrors(check.errors).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['/key', '/extra', '/value']));
    expect(toFieldErrors([{ keyword: 'minimum', instancePath: '/page', schemaPath: '', params: {}, message: 'too small' }], 'querystring')).toEqual([
      { field: 'query.page', message: 'too small' },
    ]);
  });
});

describe('OpenAPI paths', () => {
  it('turns route parameters into braces', () => {
    expect(toOpenApiPath(`${remoteConfig.base}/overrides/:id/variants`)).toBe(`${remoteConfig.base}/overrides/{id}/variants`);
    expect(toOpenApiPath('/api/app/:appId/auth-blue-cloud')).toBe('/api/app/{appId}/auth-blue-cloud');
  });

  it("turns a trailing wildcard into the parameter Fastify names '*'", () => {
    expect(toOpenApiPath('/blob/*')).toBe('/blob/{*}');
  });
});
