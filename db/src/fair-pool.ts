import type { Sql } from 'postgres';

/**
 * A first-come gate in front of a postgres.js pool: at most `size` statements (or transactions)
 * at once, the rest waiting in arrival order.
 *
 * postgres.js hands a new statement to any connection that is busy but not full, ahead of the
 * statements already waiting in its own queue (porsager/postgres#747); under a deadline rush
 * some requests then wait seconds while later ones pass them. With this gate in front, no more
 * statements are under way than there are connections, so that queue stays empty and every
 * statement is served in the order it came.
 */
export function withFairPool(client: Sql, size: number): Sql {
  let active = 0;
  const waiting: (() => void)[] = [];
  const run = <T>(work: () => PromiseLike<T>): Promise<T> => {
    const start = () => {
      active += 1;
      return Promise.resolve(work()).finally(() => {
        active -= 1;
        waiting.shift()?.();
      });
    };
    if (active < size) return start();
    return new Promise<void>((resolve) => waiting.push(resolve)).then(start);
  };

  // drizzle awaits `unsafe(...)` or `unsafe(...).values()`: a postgres.js query runs when it is
  // awaited, so the statement is made inside the gate, when its turn comes.
  const unsafe = (...args: Parameters<Sql['unsafe']>) => {
    const gated = (values: boolean) => ({
      then: <R1, R2>(onResolved?: (rows: unknown) => R1 | PromiseLike<R1>, onRejected?: (error: unknown) => R2 | PromiseLike<R2>) =>
        run(() => (values ? client.unsafe(...args).values() : client.unsafe(...args))).then(onResolved, onRejected),
    });
    return Object.assign(gated(false), { values: () => gated(true) });
  };
  // A transaction holds its connection from begin to commit: one place in the gate throughout.
  const begin = (...args: unknown[]) => run(() => (client.begin as (...a: unknown[]) => Promise<unknown>)(...args));

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      if (property === 'begin') return begin;
      return Reflect.get(target, property, receiver);
    },
  });
}
