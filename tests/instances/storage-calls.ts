/**
 * Storage's calls for the instances tests, made as the demo app through both instances in turn: create a database
 * and wait for its request, and the details a client connects with.
 */
import { expect } from 'vitest';
import { storage } from '../../resources/storage';
import type { TwoInstances } from './two-instances';

export const D = `${storage.base}/databases`;

export interface MadeDatabase {
  id: string;
  host: string;
  port: number;
  user: string;
  databaseName: string;
  server: string;
  keyPrefix?: string;
}

export function storageCalls(two: () => TwoInstances) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, via = two().alternate()) => {
    const res = await via.req({ method, url, headers: { authorization: two().basic }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
  };

  /** Waits until the request is no longer RUNNING; answers it. */
  const settled = async (id: string, requestId: string): Promise<{ status: string; message?: string }> => {
    for (let i = 0; i < 300; i++) {
      const res = await call('GET', `${D}/${id}/async-request/${requestId}/status`);
      if (res.body.status !== 'RUNNING') return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the request never settled');
  };

  /** The databases made, deleted at the end (`cleanUp`). */
  const made: string[] = [];

  /** Creates a database in ap-shanghai and waits until its create request succeeded. */
  const created = async (engine: string, name: string, username: string, password: string): Promise<MadeDatabase> => {
    const res = await call('POST', D, { name, engine, region: 'ap-shanghai', instanceType: 's1', username, password });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push(res.body.id);
    expect(await settled(res.body.id, res.body.requestId)).toMatchObject({ status: 'SUCCESS' });
    return res.body;
  };

  /** Runs a request on a database (reset-password, restart, upgrade) and expects it to succeed. */
  const requested = async (method: 'POST' | 'PUT', id: string, path: string, payload?: unknown) => {
    const res = await call(method, `${D}/${id}/${path}`, payload);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await settled(id, res.body.requestId)).toMatchObject({ status: 'SUCCESS' });
  };

  const cleanUp = async () => {
    for (const id of made) await call('DELETE', `${D}/${id}`, undefined, two().a);
  };

  return { call, settled, created, requested, cleanUp };
}

/** Polls until `check` answers true (at most ten seconds); answers whether it did. */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
