import { describe, expect, it } from 'vitest';
import { chunkCount, chunkLength, imageFormatOf, quotaProblem, slotFor, type SaveSettings } from '../../server/services/save/rules';

const MiB = 1024 * 1024;
const settings: SaveSettings = { progressType: 'MULTI', maxSlots: 2, maxBytesPerPlayer: 1000, maxJsonBytes: 500, maxPictureBytes: 100 };

describe('cloud saves: slots under the progress type', () => {
  it('keeps LINEAR progress to the default slot and lets MULTI name its slots', () => {
    expect(slotFor({ progressType: 'LINEAR' }, undefined)).toEqual({ slot: 'default' });
    expect(slotFor({ progressType: 'LINEAR' }, 'default')).toEqual({ slot: 'default' });
    expect(slotFor({ progressType: 'LINEAR' }, 'chapter-2')).toEqual({ refused: 'linear progress keeps one save, slot default' });
    expect(slotFor({ progressType: 'MULTI' }, 'chapter-2')).toEqual({ slot: 'chapter-2' });
  });
});

describe('cloud saves: quotas', () => {
  it('refuses a new slot past the slot count, but not a slot replaced', () => {
    expect(quotaProblem(settings, { slots: 2, bytes: 10, size: 1 })).toEqual({ status: 409, message: 'the player has no free save slot' });
    expect(quotaProblem(settings, { slots: 2, bytes: 10, replacing: 5, size: 1 })).toBeUndefined();
  });
  it('counts the bytes a replaced slot gives back', () => {
    // 900 held, of which the slot holds 400: writing 500 there makes 1000, the quota exactly.
    expect(quotaProblem(settings, { slots: 1, bytes: 900, replacing: 400, size: 500 })).toBeUndefined();
    expect(quotaProblem(settings, { slots: 1, bytes: 900, replacing: 400, size: 501 })?.status).toBe(413);
    expect(quotaProblem(settings, { slots: 1, bytes: 900, size: 101 })?.status).toBe(413);
  });
});

describe('cloud saves: chunks of 10 MiB', () => {
  it('cuts a file into whole chunks and a shorter last one', () => {
    expect(chunkCount(1)).toBe(1);
    expect(chunkCount(10 * MiB)).toBe(1);
    expect(chunkCount(10 * MiB + 1)).toBe(2);
    expect(chunkLength(25 * MiB, 0)).toBe(10 * MiB);
    expect(chunkLength(25 * MiB, 2)).toBe(5 * MiB);
    expect(chunkLength(25 * MiB, 3)).toBe(-1);
    expect(chunkLength(25 * MiB, -1)).toBe(-1);
  });
});

describe('cloud saves: images read by their content', () => {
  const bytes = (...b: number[]) => Uint8Array.from(b);
  it('knows PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(imageFormatOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
    expect(imageFormatOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(imageFormatOf(Buffer.from('GIF89a...'))).toBe('gif');
    expect(imageFormatOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
  });
  it('refuses what only looks like one', () => {
    expect(imageFormatOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(imageFormatOf(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE')]))).toBeUndefined();
    expect(imageFormatOf(Buffer.from('GIF87b'))).toBeUndefined();
    expect(imageFormatOf(bytes(0x89, 0x50))).toBeUndefined();
  });
});
