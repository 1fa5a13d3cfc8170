/**
 * How the server sends the built console: files under assets/ (named by their content) kept by browsers for good,
 * the build's brotli or gzip copy to a browser that accepts it, and the console's page never kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db';

let dir: string;
let app: FastifyInstance;
let db: Db;
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lodestar-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lodestar</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'main-Ab12Cd34.js'), script);
  writeFileSync(join(dir, 'assets', 'tiny-Ef56.js'), 'export {};\n');
  expect(precompressDir(dir)).toBe(1);
  db = await openDatabase({});
  ({ app } = await buildApp(db, { ...loadConfig({}), staticDir: dir }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built console', () => {
  it('sends a named asset to be kept for good, compressed as the browser accepts', async () => {
    const br = await get('/assets/main-Ab12Cd34.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);

    const gz = await get('/assets/main-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/main-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file too small to be worth compressing as it is', async () => {
    const tiny = await get('/assets/tiny-Ef56.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a console address with its page, which is never kept', async () => {
    const page = await get('/services/some-app/config');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });
});
