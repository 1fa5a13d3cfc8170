/**
 * The calls of the CDN service's mods beyond the records' own: the game client's (a player with a passport player
 * token creates a mod, adds versions of its files, submits it for review, reports another's) and the console's read
 * of one version's files (spec 001 §7: `GET /mods/basic/{id}/versions/{v}/entries/`).
 */
import type { CallDecl } from '../call-types';
import { fieldsBody, recordOf, textField } from '../call-shapes';
import type { JsonSchema } from '../types';
import modSchema from '../../schemas/cdn/mod.json' with { type: 'json' };
import modVersionSchema from '../../schemas/cdn/mod-version.json' with { type: 'json' };
import { entriesAnswer } from './mods';
import { cdnCalls } from './calls';

/** The console's upload token, which the player's for a mod's files answers the same way. */
const uploadToken = cdnCalls['entries.uploadToken'];

const mod = { description: 'the mod', schema: recordOf('mods') };
const playerErrors = [400, 401, 403, 404, 409, 423];
const entries = modVersionSchema.properties.entries as JsonSchema;

export const modCalls: Record<string, CallDecl> = {
  'mods.create': {
    method: 'POST',
    path: '/mods',
    caller: 'player',
    summary: 'Create a mod, in editing (not_start), authored by the signed-in player',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: modSchema.properties.name, description: modSchema.properties.description },
    },
    answer: mod,
    status: 201,
    errors: playerErrors,
  },
  'mods.uploadToken': {
    method: 'GET',
    path: '/mods/:modId/uploadtoken/:hash/',
    caller: 'player',
    summary:
      "Ask to upload a file of one of the player's mods by its SHA-256: already stored anywhere in the deployment, or a signed, expiring upload address bound to this hash and size",
    params: uploadToken.params,
    query: uploadToken.query,
    answer: uploadToken.answer,
    errors: [...playerErrors, 413],
  },
  'mods.addVersion': {
    method: 'POST',
    path: '/mods/:modId/versions',
    caller: 'player',
    summary:
      "Add a version of one of the player's mods: its files (path, content hash, size), each uploaded before (`uploadtoken`); the mod goes back to editing (not_start)",
    body: { type: 'object', additionalProperties: false, required: ['entries'], properties: { note: modVersionSchema.properties.note, entries } },
    answer: { description: 'the version', schema: recordOf('mod-versions') },
    status: 201,
    errors: playerErrors,
  },
  'mods.submit': {
    method: 'POST',
    path: '/mods/:modId/submit',
    caller: 'player',
    summary: "Submit one of the player's mods in editing for review (it becomes ongoing)",
    answer: mod,
    errors: playerErrors,
  },
  'mods.report': {
    method: 'POST',
    path: '/mods/:modId/report',
    caller: 'player',
    summary: "Report an approved mod of the app (it becomes reported until the console approves it again or takes it down)",
    body: fieldsBody({ reason: textField(500, 1) }),
    answer: mod,
    errors: playerErrors,
  },
  'mods.versionEntries': {
    method: 'GET',
    path: '/mods/basic/:modId/versions/:v/entries',
    caller: 'service',
    summary: 'The files of one version of a mod',
    params: { v: { type: 'integer', minimum: 1, maximum: 1_000_000 } },
    record: { resource: 'mods', missing: 'no such mod' },
    answer: entriesAnswer,
    errors: [400, 401, 403, 404],
  },
};
