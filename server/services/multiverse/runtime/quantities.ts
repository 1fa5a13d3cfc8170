/**
 * Kubernetes resource quantities as the API writes them (`250m`, `123456789n`, `1`; `65536Ki`, `512Mi`, `1G`),
 * read into cores and bytes, and written from the revision's millicores and MiB.
 */
const CPU_SUFFIX: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1 };
const MEMORY_SUFFIX: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };

/** Cores from a CPU quantity; NaN when it is not one. */
export function coresOf(q: string): number {
  const m = /^([0-9.]+)([num]?)$/.exec(q.trim());
  return m ? Number(m[1]) * CPU_SUFFIX[m[2]] : NaN;
}

/** Bytes from a memory quantity; NaN when it is not one. */
export function bytesOf(q: string): number {
  const m = /^([0-9.]+)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(q.trim());
  return m ? Number(m[1]) * MEMORY_SUFFIX[m[2] ?? ''] : NaN;
}

/** The requests and limits of a container given `millicores` and `memoryMiB`: both the same (a guaranteed pod). */
export function resourcesOf(millicores: number, memoryMiB: number) {
  const amounts = { cpu: `${millicores}m`, memory: `${memoryMiB}Mi` };
  return { requests: { ...amounts }, limits: { ...amounts } };
}
