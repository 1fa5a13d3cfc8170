import { describe, expect, it } from 'vitest';
import { actionCall, actionSent } from '../../resources/action-call';
import { assetStreaming } from '../../resources/asset-streaming';
import { mods } from '../../resources/cdn/mods';
import type { ActionDecl, ResourceDecl } from '../../resources/types';
import type { Ctx } from '../../server/context';
import { mountActions } from '../../server/engine/actions';
import { Api } from '../../server/engine/api';
import { buildModel } from '../../server/engine/model';
import { fakeFastify } from './fake-fastify';

const action = (name: string) => mods.actions!.find((a) => a.name === name)!;

/** The routes the engine mounts for a resource's actions. */
function mounted(decl: ResourceDecl) {
  const api = new Api(fakeFastify());
  mountActions(api, {} as Ctx, buildModel(assetStreaming, decl), { description: 'the record' }, {});
  return api.routes;
}

describe('actions sharing an endpoint', () => {
  it('send the value that names them, and nothing for an action alone on its endpoint', () => {
    expect(actionSent(action('approve'))).toEqual({ result: 'approve' });
    expect(actionSent(action('reject'))).toEqual({ result: 'reject' });
    expect(actionSent(action('takeDown'))).toEqual({});
    expect(actionCall(assetStreaming, action('approve'))).toEqual(actionCall(assetStreaming, action('reject')));
  });

  it('are mounted once, the body naming which action it is', () => {
    const routes = mounted(mods);
    const item = `${assetStreaming.base}/mods/basic/:modId`;
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${item}/inspect`, `POST ${item}/inspect/report`]);
    const inspect = routes[0];
    expect(inspect.summary).toMatch(/^Approve or Reject a mod/);
    expect(inspect.body).toMatchObject({ required: ['result'], properties: { result: { enum: ['approve', 'reject'] } } });
  });

  it('refuse to start when two actions share an endpoint without each sending its own value', () => {
    const twin = (a: ActionDecl): ActionDecl => ({ ...a, name: `${a.name}Again`, sends: undefined });
    expect(() => mounted({ ...mods, actions: [...mods.actions!, twin(action('takeDown'))] })).toThrow(/share an endpoint/);
    const same = { ...action('reject'), name: 'rejectToo' };
    expect(() => mounted({ ...mods, actions: [...mods.actions!, same] })).toThrow(/share an endpoint/);
  });
});
