/**
 * A server a previous run of the platform on this machine left behind: its process, if it still runs and is the
 * server's (its environment names the server: `LODESTAR_SERVER_ID`), is killed with its process group. A pid reused
 * by another program is left alone.
 */
import { readFile } from 'node:fs/promises';

export async function killLeftover(pid: number, serverId: string): Promise<void> {
  if (!(pid > 0)) return;
  const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
  if (!environ.split('\0').includes(`LODESTAR_SERVER_ID=${serverId}`)) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

/** Whether a record's `instance` (host:pid) is another run of the platform on this host than `current`. */
export const leftBehindBy = (instance: string, current: string): boolean => instance.startsWith(`${current.split(':')[0]}:`) && instance !== current;
