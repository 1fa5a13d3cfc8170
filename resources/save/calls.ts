/**
 * Cloud saves' own calls (spec 002 §7 "CRUD Save (/usave/v1)"): a save written with the version it read, the upload
 * tokens of save files and profile pictures, a profile picture sent whole, signed download links, daily usage with
 * its sum and top, and the credential refresh. The console and the game's server call them with the app credential;
 * the game client calls the same under `/sdk` with a passport player token, for the signed-in player only.
 * The behaviour is `server/services/save/`.
 */
import type { CallDecl } from '../call-types';
import { dayRangeQuery, ok, recordOf, topK } from '../call-shapes';
import type { JsonSchema } from '../types';
import saveSchema from '../../schemas/save/save.json' with { type: 'json' };

/** A file is sent in chunks of this many bytes (the last one shorter), each with its own MD5 (spec 002 §7). */
export const CHUNK_BYTES = 10 * 1024 * 1024;
/** The largest file an upload token opens: 10 GiB, 1024 chunks. */
export const LARGEST_FILE = 1024 * CHUNK_BYTES;
/** Image types a profile picture may be, read from its content. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
/** A profile picture's thumbnail: this many pixels square at most, as WebP. */
export const THUMBNAIL_PIXELS = 128;

const fields = saveSchema.properties;
const MD5: JsonSchema = { type: 'string', pattern: '^[0-9a-fA-F]{32}$', description: 'hex MD5 digest' };
const version: JsonSchema = {
  type: 'integer',
  minimum: 0,
  maximum: 2_147_483_647,
  description: 'the version of the slot the writer read (0, or left out, for a slot not written yet); another is refused with 409 naming the current one',
};
const playerId = { ...fields.playerId, description: "the player's passport user id" };
const playerIdOfToken = { ...fields.playerId, description: "left out, or the token's own player (another player's is refused with 403)" };

const writeProps = (who: JsonSchema): Record<string, JsonSchema> => ({
  playerId: who,
  slot: { ...fields.slot, description: 'the slot (default `default`; LINEAR progress has only that one)' },
  data: { type: 'object', description: "the slot's JSON document (at most the app's `maxJsonBytes` as UTF-8)" },
  description: fields.description,
  version,
});
const writeBody = (player: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: player ? ['data'] : ['playerId', 'data'],
  properties: writeProps(player ? playerIdOfToken : playerId),
  examples: [{ ...(player ? {} : { playerId: 'player-1' }), slot: 'default', data: { level: 3, coins: 120 }, version: 0 }],
});

/** An upload's slot, version and description: a write's, without the JSON document. */
const uploadProps = (who: JsonSchema): Record<string, JsonSchema> => {
  const { data: _data, ...rest } = writeProps(who);
  return rest;
};

const tokenBody = (player: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: player ? ['fileName', 'size', 'md5'] : ['playerId', 'fileName', 'size', 'md5'],
  properties: {
    ...uploadProps(player ? playerIdOfToken : playerId),
    fileName: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/\\\\\\u0000-\\u001f]+$' },
    size: { type: 'integer', minimum: 1, maximum: LARGEST_FILE, description: "the file's bytes" },
    md5: { ...MD5, description: "the whole file's MD5" },
    contentType: { type: 'string', minLength: 3, maxLength: 100, pattern: '^[\\w.+-]+/[\\w.+-]+$' },
  },
  examples: [{ ...(player ? {} : { playerId: 'player-1' }), slot: 'default', fileName: 'save.dat', size: 1024, md5: '0f343b0931126a20f133d67c2b018a3b' }],
});
const pfpTokenBody = (player: boolean): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required: player ? ['size', 'md5'] : ['playerId', 'size', 'md5'],
  properties: {
    playerId: player ? playerIdOfToken : playerId,
    size: { type: 'integer', minimum: 1, maximum: 10_485_760, description: "the picture's bytes (at most the app's `maxPictureBytes`)" },
    md5: { ...MD5, description: "the picture's MD5" },
  },
  examples: [{ ...(player ? {} : { playerId: 'player-1' }), size: 2048, md5: '0f343b0931126a20f133d67c2b018a3b' }],
});

/** What an upload token answers: where each chunk goes and where the upload is finished. */
const grant: JsonSchema = {
  type: 'object',
  required: ['uploadId', 'token', 'chunkSize', 'chunks', 'chunkUrl', 'completeUrl', 'expiresAt'],
  properties: {
    uploadId: { type: 'string' },
    token: { type: 'string', description: 'sent as `token` with every chunk and the completion' },
    chunkSize: { type: 'integer', description: 'bytes per chunk (10 MiB), the last one shorter' },
    chunks: { type: 'integer' },
    chunkUrl: { type: 'string', description: 'PUT each chunk here, `{index}` replaced by its number from 0, with `md5` (the chunk\'s) and `token` in the query' },
    completeUrl: { type: 'string', description: 'POST here with `token` once every chunk is in' },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};

const link: JsonSchema = { type: 'object', required: ['url', 'expiresAt'], properties: { url: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } };
const pictureLinks: JsonSchema = {
  type: 'object',
  required: ['url', 'thumbnailUrl', 'expiresAt'],
  properties: { url: { type: 'string' }, thumbnailUrl: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
};

const count = { type: 'integer', minimum: 0 } as const;
const decimal = { type: 'string', description: 'a decimal amount in the currency billing charges' } as const;
/** One day's usage: bytes held (GB-days), uploads and traffic, with what billing charges for them. */
const usageDay: JsonSchema = {
  type: 'object',
  properties: { day: { type: 'string' }, storedBytes: count, storageGbDays: { type: 'number' }, uploads: count, trafficBytes: count, amount: decimal },
};
const usageSum: JsonSchema = {
  type: 'object',
  properties: { from: { type: 'string' }, to: { type: 'string' }, storageGbDays: { type: 'number' }, uploads: count, trafficBytes: count, amount: decimal },
};
const topRow: JsonSchema = { type: 'object', properties: { playerId: { type: 'string' }, bytes: count, saves: count } };

const pictureUpload = { types: PICTURE_TYPES, extensions: ['.png', '.jpg', '.jpeg', '.webp', '.gif'] };
const onSave = { resource: 'saves', missing: 'no such save' } as const;
const onPfp = { resource: 'pfps', missing: 'no such profile picture' } as const;
const sdkErrors = [400, 401, 403, 404, 409, 423];

export const saveCalls: Record<string, CallDecl> = {
  'saves.write': {
    method: 'POST',
    path: '/saves',
    caller: 'service',
    summary: "Write a player's JSON slot with the version read: a new slot at version 0 (within the app's slot and byte quotas), or the slot replaced when its version is still the one given",
    body: writeBody(false),
    answer: ok('the save as written, with its new version', recordOf('saves')),
    errors: [400, 401, 403, 409, 413],
  },
  'saves.uploadToken': {
    method: 'POST',
    path: '/saves/upload-token',
    caller: 'service',
    summary: "Open the upload of a player's save file: its size and MD5 named, the slot's version read; the file then goes in 10 MiB chunks, each with its MD5, and is checked whole at the end",
    body: tokenBody(false),
    status: 201,
    answer: ok('where the chunks go', grant),
    errors: [400, 401, 403, 409, 413],
  },
  'saves.downloadUrl': {
    method: 'GET',
    path: '/saves/:id/download-url',
    caller: 'service',
    record: onSave,
    summary: "A signed link, valid 15 minutes, to a save's content (a file's bytes, or a JSON slot's document)",
    answer: ok('the link', link),
    errors: [401, 403, 404],
  },
  'pfps.create': {
    method: 'POST',
    path: '/pfps',
    caller: 'service',
    summary: "Set a player's profile picture from an image sent as the body: PNG, JPEG, WebP or GIF read from its content, at most the app's `maxPictureBytes`; a thumbnail is made, and the player's previous picture replaced",
    upload: pictureUpload,
    query: { type: 'object', additionalProperties: false, required: ['playerId'], properties: { playerId } },
    status: 201,
    answer: ok('the profile picture', recordOf('pfps')),
    errors: [400, 401, 403, 413, 415],
  },
  'pfps.uploadToken': {
    method: 'POST',
    path: '/pfps/upload-token',
    caller: 'service',
    summary: "Open the upload of a player's profile picture by its size and MD5: sent as chunks like a save file, checked as an image when finished",
    body: pfpTokenBody(false),
    status: 201,
    answer: ok('where the chunks go', grant),
    errors: [400, 401, 403, 413],
  },
  'pfps.links': {
    method: 'GET',
    path: '/pfps/:id/links',
    caller: 'service',
    record: onPfp,
    summary: "Signed links, valid 15 minutes, to a profile picture and its thumbnail",
    answer: ok('the links', pictureLinks),
    errors: [401, 403, 404],
  },
  'usage.daily': {
    method: 'GET',
    path: '/usage/daily',
    caller: 'service',
    summary: "The app's usage per day: bytes held (GB-days), uploads and traffic, and what billing charges for each day",
    query: dayRangeQuery(),
    answer: ok('the days', { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, days: { type: 'array', items: usageDay } } }),
    errors: [400, 401, 403],
  },
  'usage.sum': {
    method: 'GET',
    path: '/usage/daily/sum',
    caller: 'service',
    summary: "The app's usage summed over a range of days, with what billing charges for it",
    query: dayRangeQuery(),
    answer: ok('the sums', usageSum),
    errors: [400, 401, 403],
  },
  'usage.top': {
    method: 'GET',
    path: '/usage/daily/top',
    caller: 'service',
    summary: 'The players holding the most bytes in their saves, most first',
    query: { type: 'object', additionalProperties: false, properties: topK },
    answer: ok('the players, most first', { type: 'object', properties: { items: { type: 'array', items: topRow } } }),
    errors: [400, 401, 403],
  },

  'sdk.write': {
    method: 'POST',
    path: '/saves',
    caller: 'player',
    summary: "Write the signed-in player's JSON slot with the version read (as `POST /saves`, for the token's player only)",
    body: writeBody(true),
    answer: ok('the save as written, with its new version', recordOf('saves')),
    errors: [...sdkErrors, 413],
  },
  'sdk.show': {
    method: 'GET',
    path: '/saves/:id',
    caller: 'player',
    summary: "One of the signed-in player's saves (another player's is refused with 403)",
    answer: ok('the save', recordOf('saves')),
    errors: sdkErrors,
  },
  'sdk.delete': {
    method: 'DELETE',
    path: '/saves/:id',
    caller: 'player',
    summary: "Delete one of the signed-in player's saves (another player's is refused with 403)",
    answer: ok('the save deleted', recordOf('saves')),
    errors: sdkErrors,
  },
  'sdk.uploadToken': {
    method: 'POST',
    path: '/saves/upload-token',
    caller: 'player',
    summary: "Open the upload of the signed-in player's save file (as `POST /saves/upload-token`, for the token's player only)",
    body: tokenBody(true),
    status: 201,
    answer: ok('where the chunks go', grant),
    errors: [...sdkErrors, 413],
  },
  'sdk.downloadUrl': {
    method: 'GET',
    path: '/saves/:id/download-url',
    caller: 'player',
    summary: "A signed link, valid 15 minutes, to the content of one of the signed-in player's saves",
    answer: ok('the link', link),
    errors: sdkErrors,
  },
  'sdk.pfp': {
    method: 'POST',
    path: '/pfps',
    caller: 'player',
    summary: "Set the signed-in player's profile picture from an image sent as the body (as `POST /pfps`)",
    upload: pictureUpload,
    status: 201,
    answer: ok('the profile picture', recordOf('pfps')),
    errors: [...sdkErrors, 413, 415],
  },
  'sdk.pfpUploadToken': {
    method: 'POST',
    path: '/pfps/upload-token',
    caller: 'player',
    summary: "Open the upload of the signed-in player's profile picture by its size and MD5",
    body: pfpTokenBody(true),
    status: 201,
    answer: ok('where the chunks go', grant),
    errors: [...sdkErrors, 413],
  },
  'sdk.pfpLinks': {
    method: 'GET',
    path: '/players/:playerId/pfp',
    caller: 'player',
    params: { playerId: fields.playerId },
    summary: "Signed links to a player's profile picture and its thumbnail (any player of the app, to show beside their name)",
    answer: ok('the links', pictureLinks),
    errors: [401, 403, 404, 423],
  },
};
