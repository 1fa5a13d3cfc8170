/**
 * The events of each server handled one after another, in the order the driver reported them (a server's Ready is
 * written before its exit), while different servers' events go on side by side. A failed step does not stop the
 * ones after it.
 */
export class SerialQueues {
  private readonly queues = new Map<string, Promise<void>>();

  push(key: string, work: () => Promise<void>): void {
    this.queues.set(key, (this.queues.get(key) ?? Promise.resolve()).then(work).catch(() => undefined));
  }

  /** Forgets a key's chain (its server ended): what is pushed after starts a new one. */
  drop(key: string): void {
    this.queues.delete(key);
  }

  /** Resolves once the work pushed so far has run. */
  async settled(): Promise<void> {
    await Promise.all(this.queues.values());
  }
}
