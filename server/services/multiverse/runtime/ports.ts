/**
 * The host ports game servers listen on: a range the operator configures (MULTIVERSE_PORT_RANGE, `7000-7999` by
 * default), each port given to one server at a time on this machine.
 */
export interface PortRange {
  from: number;
  to: number;
}

/** `7000-7999` → { from: 7000, to: 7999 }; anything else (reversed, out of 1–65535, not numbers) is refused. */
export function parsePortRange(text: string): PortRange {
  const m = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(text);
  const from = Number(m?.[1]);
  const to = Number(m?.[2]);
  if (!m || from < 1 || to > 65535 || from > to) throw new Error(`MULTIVERSE_PORT_RANGE must read FROM-TO within 1-65535, not '${text}'`);
  return { from, to };
}

export const inRange = (r: PortRange, port: number) => Number.isInteger(port) && port >= r.from && port <= r.to;

/**
 * `count` free ports of the range, lowest first after `start` (wrapping round), none of them in `used`; undefined
 * when the range has fewer free. Starting after the last port handed out keeps a port just freed out of use for a while.
 */
export function takePorts(r: PortRange, used: ReadonlySet<number>, count: number, start = r.from): number[] | undefined {
  const size = r.to - r.from + 1;
  const picked: number[] = [];
  const first = inRange(r, start) ? start : r.from;
  for (let i = 0; i < size && picked.length < count; i++) {
    const port = r.from + ((first - r.from + i) % size);
    if (!used.has(port)) picked.push(port);
  }
  return picked.length === count ? picked : undefined;
}

/** Hands out and takes back this machine's ports: what one driver instance holds. */
export class PortPool {
  private readonly used = new Set<number>();
  private next: number;

  constructor(readonly range: PortRange) {
    this.next = range.from;
  }

  take(count: number): number[] | undefined {
    const ports = takePorts(this.range, this.used, count, this.next);
    if (!ports) return undefined;
    for (const p of ports) this.used.add(p);
    const last = ports[ports.length - 1];
    this.next = last >= this.range.to ? this.range.from : last + 1;
    return ports;
  }

  /** Marks ports in use that another run left to a process still running (found again at start-up). */
  hold(ports: number[]): void {
    for (const p of ports) if (inRange(this.range, p)) this.used.add(p);
  }

  release(ports: number[]): void {
    for (const p of ports) this.used.delete(p);
  }

  get inUse(): number {
    return this.used.size;
  }
}
