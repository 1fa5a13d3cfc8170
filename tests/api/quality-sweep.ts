import { afterAll } from 'vitest';
import { inputSuite } from './quality-input-suite';
import { matrixSuite } from './quality-matrix-suite';
import { closeWorld, prepareWorld } from './quality-setup';

/**
 * One shard of the quality sweeps over every operation the server mounts: the access matrix and hostile input,
 * sharing one world (both leave its database as they found it). Several files each run one shard, so that the
 * test workers split the work.
 */
export async function qualitySweep(shard: number, shards: number): Promise<void> {
  const w = await prepareWorld();
  afterAll(() => closeWorld(w));
  matrixSuite(w, shard, shards);
  inputSuite(w, shard, shards);
}
