/**
 * Spec 001 §9 "Multiverse", every value of the row. Money is in currency units. The spec gives the values without
 * units; the unit named beside each is the one the platform bills in. Read by the declaration (billing) and by the
 * service's rules (defaults of a profile, a fleet's buffer).
 */
export const multiversePrices = {
  // per CPU core-hour
  cpu: '0.28',
  // per GB of network traffic
  net: '1.2',
  // default game port (UDP port number, not money)
  defaultPortUdp: '9998',
  // allocation time-to-live, seconds
  allocationTtlSeconds: '30',
  // default CPU of a new profile, cores
  defaultCpu: '0.1',
  // servers per service (count)
  serviceCount: '10',
  // idle-server buffer, percent of running servers
  bufferPercent: '20',
  // minimum servers (count)
  minServers: '1',
  // memory per CPU core, MiB
  memoryPerCpu: '1536',
  // our cost per CPU core-hour
  costCpu: '0.051875',
  // our cost per GB of network traffic
  costNet: '0.36',
};
