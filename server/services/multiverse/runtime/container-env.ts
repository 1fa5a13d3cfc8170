/**
 * The environment a containerised game server (`docker`, `agones`) starts with beside its revision's: who it is, what
 * it was given, and its ports as the container sees them (`PORT` the first, `PORT_<NAME>` each) — the declared
 * ports, mapped to host ports outside the container.
 */
import type { ServerSpec } from './driver';

export function containerEnv(spec: ServerSpec): Record<string, string> {
  const given: Record<string, string> = {
    ...spec.env,
    LODESTAR_SERVER_ID: spec.id,
    LODESTAR_MILLICORES: String(spec.millicores),
    LODESTAR_MEMORY_MIB: String(spec.memoryMiB),
    PORT: String(spec.ports[0]?.containerPort ?? ''),
  };
  for (const p of spec.ports) given[`PORT_${p.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`] = String(p.containerPort);
  return given;
}
