/**
 * Profile pictures: the bytes' type read from their content (PNG, JPEG, WebP or GIF, whatever the name or the
 * Content-Type says), their size held to the app's limit, the image decoded whole by sharp (a truncated or forged
 * image is refused) and a square WebP thumbnail made. A player has one picture: a new one replaces the last.
 */
import sharp from 'sharp';
import { THUMBNAIL_PIXELS } from '../../../resources/save/calls';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import { lockNames } from '../../db/locks';
import { ApiError, badRequest } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { md5, putBytes } from './blobs';
import { saveModels, settingsFor, SERVICE } from './models';
import { imageFormatOf } from './rules';
import { playerLock } from './writes';

/** The most pixels an image may have (a small file that decodes to a huge bitmap is refused). */
const MOST_PIXELS = 40_000_000;

const notAnImage = () => new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'the file is not a PNG, JPEG, WebP or GIF image');

/** The image's size and a thumbnail, or a refusal: the bytes must decode as the format they start with. */
export async function readPicture(bytes: Buffer) {
  const format = imageFormatOf(bytes);
  if (!format) throw notAnImage();
  try {
    const image = sharp(bytes, { limitInputPixels: MOST_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw notAnImage();
    const thumbnail = await image.clone().rotate().resize(THUMBNAIL_PIXELS, THUMBNAIL_PIXELS, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
    return { format, width: meta.width, height: meta.height, thumbnail };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest([{ field: '/body', message: 'the image cannot be read' }], 'the image cannot be read');
  }
}

export async function setPicture(ctx: Ctx, appId: string, actor: string, playerId: string, bytes: Buffer): Promise<Data> {
  const m = saveModels(ctx);
  const settings = await settingsFor(ctx, ctx.db, appId);
  if (bytes.length > settings.maxPictureBytes) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'the picture is larger than the app allows');
  const { format, width, height, thumbnail } = await readPicture(bytes);
  const picture = await putBytes(ctx, bytes);
  const thumb = await putBytes(ctx, thumbnail);
  return ctx.db.transaction(async (tx) => {
    await lockNames(tx, [playerLock(appId, playerId)]);
    const pfps = records(tx, m.pfps);
    const [before] = await pfps.remove(appId, { playerId });
    const after = await pfps.insert(appId, {
      playerId,
      format,
      width,
      height,
      size: bytes.length,
      md5: md5(bytes),
      sha256: picture.sha256,
      thumbnailSha256: thumb.sha256,
      thumbnailSize: thumbnail.length,
    });
    await recordOperation(tx, { actor, appId, action: `${SERVICE}.pfps.create`, target: String(after.id), before, after });
    return after;
  });
}
