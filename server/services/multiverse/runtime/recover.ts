/**
 * What a restarted platform does with the servers an earlier run left live (issue 16: find them again or mark them
 * failed — never forget a running one), for Multiverse's and stateful functions' supervisors alike. A record names the
 * driver and the instance (host:pid) that ran it. On a driver whose servers outlive the platform (`docker`, `agones`)
 * a server still running is followed again — on this host, or on any when the platform is one instance (with several,
 * another host's may be a live instance's own); one that no longer runs is removed and its record ended. On `process`
 * an earlier run's server on this host is killed by pid and its record ended; another host's is left to that host.
 * Last, the driver's containers or GameServers of this owner whose record is not live (ended, or gone) are removed.
 */
import type { RecordQuery } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import type { RuntimeDriver } from './driver';
import { killLeftover, leftBehindBy } from './leftovers';

export interface Recovery {
  /** The service's supervisor: its driver, this run's instance (host:pid), and how it follows a server again. */
  sup: { driver: RuntimeDriver; instance: string; adopt: (scopeId: string, record: Data) => Promise<boolean> };
  severalInstances: boolean;
  /** The service's server records, and the states in which a server is held (live, or being stopped). */
  servers: RecordQuery;
  held: string[];
  /** Which held records are followed again: the ones still starting or running. */
  followable: (record: Data) => boolean;
  /** Its record ended: nothing runs it any more. */
  end: (scopeId: string, record: Data) => Promise<void>;
}

export async function recoverServers(r: Recovery): Promise<void> {
  const { driver, instance: current } = r.sup;
  for (const { scopeId, record } of await r.servers.findEverywhere({ where: { status: { $in: r.held } }, limit: 10_000 })) {
    const instance = String(record.instance ?? '');
    if (instance === current) continue;
    const id = String(record.id);
    const sameHost = leftBehindBy(instance, current);
    const ranBy = String(record.driver ?? 'process');
    if (ranBy === driver.name && driver.adopt && (sameHost || !r.severalInstances)) {
      if (r.followable(record) && (await r.sup.adopt(scopeId, record).catch(() => false))) continue;
      await driver.reclaim?.(id);
    } else if (!sameHost) {
      continue;
    } else if (ranBy === 'process') {
      await killLeftover(Number(record.pid ?? 0), id);
    }
    await r.end(scopeId, record);
  }
  if (!driver.found) return;
  const found = await driver.found();
  if (!found.length) return;
  const live = new Set((await r.servers.findEverywhere({ where: { id: { $in: found }, status: { $in: r.held } } })).map((x) => String(x.record.id)));
  for (const id of found) if (!live.has(id)) await driver.reclaim?.(id);
}
