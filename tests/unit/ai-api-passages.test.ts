import { describe, expect, it } from 'vitest';
import type { ServiceDecl } from '../../resources/types';
import { apiPassages, type OpenApiDocument } from '../../server/services/ai/api-passages';

const service = {
  name: 'guilds',
  base: '/g/v1',
  catalogue: { displayName: { 'zh-CN': '公会', en: 'Guilds' }, docPage: '/doc/guilds' },
  resources: [
    {
      name: 'guilds',
      path: '/guilds',
      label: { 'zh-CN': '公会管理', en: 'Guild management' },
      actions: [{ name: 'dismiss', label: { 'zh-CN': '解散', en: 'Dismiss' } }],
      commands: [{ name: 'export', path: '/export', label: { 'zh-CN': '导出', en: 'Export' } }],
    },
    {
      name: 'members',
      path: '/members',
      parent: { resource: 'guilds', param: 'guildId' },
      label: { 'zh-CN': '成员', en: 'Members' },
      // Made at a declared call's own address: no path under the resource, so it names none of its calls.
      commands: [{ name: 'invite', address: 'call', path: '', label: { 'zh-CN': '邀请', en: 'Invite' } }],
    },
  ],
} as unknown as ServiceDecl;

const doc: OpenApiDocument = {
  paths: {
    '/g/v1/guilds/{id}/dismiss': { post: { summary: 'Dismiss a guild', tags: ['guilds'] } },
    '/g/v1/guilds/export': { get: { summary: 'Export the guilds', tags: ['guilds'] } },
    '/g/v1/guilds/{guildId}/members/{id}': { delete: { summary: 'Remove a member', tags: ['guilds'] }, parameters: [] },
    '/api/apps': { get: { summary: 'List apps', tags: ['apps'] } },
  },
};

describe("the API reference's passages", () => {
  const passages = apiPassages(doc, [service]);

  it("are one per operation and language, on the section's API page, the call as heading", () => {
    expect(passages.map((p) => p.id)).toEqual([
      'en:api:POST /g/v1/guilds/{id}/dismiss',
      'zh-CN:api:POST /g/v1/guilds/{id}/dismiss',
      'en:api:GET /g/v1/guilds/export',
      'zh-CN:api:GET /g/v1/guilds/export',
      'en:api:DELETE /g/v1/guilds/{guildId}/members/{id}',
      'zh-CN:api:DELETE /g/v1/guilds/{guildId}/members/{id}',
    ]);
    expect(passages[1]).toMatchObject({ page: '/doc/guilds/api', address: '/doc/guilds/api', lang: 'zh-CN', title: '公会 API', heading: 'POST /g/v1/guilds/{id}/dismiss' });
  });

  it("name the resource and the action or command in the passage's language", () => {
    expect(passages[0].text).toBe('Dismiss a guild (Guild management · Dismiss).');
    expect(passages[1].text).toBe('Dismiss a guild (公会管理 · 解散).');
    expect(passages[3].text).toBe('Export the guilds (公会管理 · 导出).');
    // A sub-resource's path lies under its parent's item: the deepest resource names it.
    expect(passages[5].text).toBe('Remove a member (成员).');
  });

  it("leave out the platform's calls, which have no documentation section", () => {
    expect(passages.some((p) => p.heading.includes('/api/apps'))).toBe(false);
  });
});
