/**
 * What a periodic job (`engine/jobs.ts`) finds due, worked through in rounds: each round asks `find` for up to
 * `batch` items still due (plus as many as have failed, which it may find again), and `work` does each in turn.
 * An item whose work throws is logged and left for the job's next run; the others go ahead. `work` answers false
 * for an item it found nothing to do on (another instance did it first), which is then not counted as done.
 * The rounds end when nothing is found but failed items. Answers the keys of the items done, in order.
 */
export interface DueRounds<T> {
  batch: number;
  find: (limit: number) => Promise<T[]>;
  keyOf: (item: T) => string;
  work: (item: T) => Promise<boolean>;
  log?: (err: unknown) => void;
}

export async function workDue<T>({ batch, find, keyOf, work, log = () => undefined }: DueRounds<T>): Promise<string[]> {
  const done: string[] = [];
  const failed = new Set<string>();
  for (;;) {
    const todo = (await find(batch + failed.size)).filter((item) => !failed.has(keyOf(item)));
    if (todo.length === 0) return done;
    for (const item of todo) {
      const key = keyOf(item);
      try {
        if (await work(item)) done.push(key);
      } catch (err) {
        log(err);
        failed.add(key);
      }
    }
  }
}
