/** The demo's step no declared call describes: the example echo server, zipped and uploaded, built at once. */
import { readFile } from 'node:fs/promises';
import { zipSync } from 'fflate';
import type { DemoSteps } from '../../engine/demo-seed';
import { records } from '../../engine/query';
import type { ServiceModule } from '../index';
import { buildImage, uploadImage } from './images';
import { multiverseModels, SERVICE } from './models';
import { supervisorOf } from './supervisors';

/** How long the demo waits for its image's build when the build job took it. */
const BUILD_WAIT_MS = 120_000;

const EXAMPLE = new URL('../../../examples/multiverse-echo/server.mjs', import.meta.url);

export const multiverseDemoSteps: DemoSteps = {
  echoImage: async ({ ctx, appId, actor }, args) => {
    const settings = supervisorOf(ctx).settings;
    const file = Buffer.from(zipSync({ 'server.mjs': new Uint8Array(await readFile(EXAMPLE)) }));
    const input = { name: String(args.name), startCommand: String(args.startCommand), fileName: 'echo.zip' };
    const image = await uploadImage(ctx, settings, { req: undefined as never, reply: undefined as never, scopeId: appId, actor, params: {}, input, file }, String(args.id));
    const images = records(ctx.db, multiverseModels(ctx).images);
    await buildImage(ctx, settings, appId, await images.get(appId, String(image.id)));
    // The build job may have taken the upload first: its build is waited for, as the revision's release needs it.
    for (const until = Date.now() + BUILD_WAIT_MS; Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      if (['success', 'failure'].includes(String((await images.get(appId, String(image.id))).status))) break;
    }
    return { id: String(image.id) };
  },
};

export const multiverseDemoModule: ServiceModule = { service: SERVICE, seedSteps: multiverseDemoSteps };
