import { remoteConfig } from '../../resources/config';

/** A steady stream of remote-config creations, remembering each one the server acknowledged. */

export interface Acknowledged {
  id: string;
  key: string;
  value: string;
}

export interface WriteLoad {
  /** Writes answered 2xx so far. */
  readonly acknowledged: Acknowledged[];
  /** Answers other than 2xx while the server was up (must stay empty). */
  readonly refused: string[];
  /** Resolves once at least `n` writes were acknowledged (or the load ended). */
  reached: (n: number) => Promise<void>;
  /** Ends the load (after the server went away, every writer stops at its first failed request). */
  stop: () => Promise<void>;
}

const CONFIGS = `${remoteConfig.base}/configs`;

/** `writers` concurrent loops, each sending one creation after another with keys `<prefix>_<writer>_<n>`. */
export function startWriteLoad(url: string, authorization: string, prefix: string, writers = 4): WriteLoad {
  const acknowledged: Acknowledged[] = [];
  const refused: string[] = [];
  let stopped = false;
  const waiters: { n: number; resolve: () => void }[] = [];
  const wake = (force = false) => {
    for (const w of [...waiters]) {
      if (force || acknowledged.length >= w.n) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  const loop = async (writer: number) => {
    for (let n = 0; !stopped; n++) {
      const key = `${prefix}_${writer}_${n}`;
      const value = String(writer * 1_000_000 + n);
      let res: Response;
      try {
        res = await fetch(`${url}${CONFIGS}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ key, type: 'INT', value, variableType: 'keyValue', description: 'durability check' }),
        });
      } catch {
        // The server is gone: this request was never acknowledged.
        return;
      }
      let body: { id?: string } | undefined;
      try {
        body = (await res.json()) as { id?: string };
      } catch {
        // The connection broke while the answer was read: not acknowledged.
        return;
      }
      if (res.status >= 200 && res.status < 300 && body?.id) {
        acknowledged.push({ id: body.id, key, value });
        wake();
      } else {
        refused.push(`${res.status} ${JSON.stringify(body)}`);
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: writers }, (_, i) => loop(i))).then(() => wake(true));

  return {
    acknowledged,
    refused,
    reached: (n) => (acknowledged.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })).then(() => undefined)),
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Which acknowledged writes the server no longer has (or has with other contents). */
export async function missingWrites(url: string, authorization: string, writes: Acknowledged[], concurrency = 8): Promise<string[]> {
  const missing: string[] = [];
  let next = 0;
  const check = async () => {
    while (next < writes.length) {
      const w = writes[next++];
      const res = await fetch(`${url}${CONFIGS}/${w.id}`, { headers: { authorization } });
      const body = (await res.json()) as { key?: string; value?: string };
      if (res.status !== 200 || body.key !== w.key || body.value !== w.value) missing.push(`${w.key} (${w.id}): ${res.status} ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, check));
  return missing;
}
