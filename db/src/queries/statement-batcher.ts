export type BatcherOptions = {
  /** How many batches of this statement may be under way at once. */
  maxInFlight: number;
  /** The most inputs one batch carries. */
  maxBatch: number;
};

/**
 * For the statements every request of a busy path runs: one batch under way per statement and
 * API process, so batches form as soon as the database is busy at all. In the apply benchmark
 * (1,000 submissions/s arriving on schedule, 2 API processes) one batch in flight spent less
 * CPU per submit than two (PostgreSQL 0.68 ms against 0.79) and kept p99 at 34 ms against 117;
 * four did clearly worse. What can hold a batch up is short: another submit of the same
 * candidate, a staff edit locking one advertisement. A hundred inputs bound how long one batch
 * holds its connection.
 */
export const BUSY_STATEMENT_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 100 };

type Waiting<In, Out> = { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void };

/**
 * One statement for many requests when they arrive together (the apply benchmark: a deadline
 * rush). `run(inputs)` answers one output per input, in order, from ONE statement.
 *
 * While fewer than `maxInFlight` batches are under way, an input goes at once, alone: a quiet
 * server adds no wait. When they are all under way, inputs queue, and the next batch to go
 * takes everything that queued (up to `maxBatch`). The busier the database, the larger the
 * batches, and each round trip, plan and commit is then shared by many requests instead of
 * paid by each.
 *
 * A batch that fails is run again one input at a time, so a fault of one input (a broken
 * constraint, say) fails that request alone and never its neighbours.
 */
export function createStatementBatcher<In, Out>(run: (inputs: In[]) => Promise<Out[]>, options: BatcherOptions): (input: In) => Promise<Out> {
  let inFlight = 0;
  let queue: Waiting<In, Out>[] = [];

  const settle = async (batch: Waiting<In, Out>[]) => {
    try {
      const outputs = await run(batch.map((item) => item.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${outputs.length} outputs`);
      batch.forEach((item, index) => item.resolve(outputs[index]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(batch.map((item) => run([item.input]).then(([output]) => item.resolve(output!), item.reject)));
    }
  };

  const dispatch = () => {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.length <= options.maxBatch ? queue : queue.slice(0, options.maxBatch);
      queue = queue.length <= options.maxBatch ? [] : queue.slice(options.maxBatch);
      inFlight += 1;
      void settle(batch).finally(() => {
        inFlight -= 1;
        dispatch();
      });
    }
  };

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      dispatch();
    });
}

/**
 * The batch's answers in its inputs' order, each found by its key among the rows the statement
 * returned (undefined when it returned none for that input).
 */
export function answerEach<In, Row, Key>(inputs: In[], rows: Row[], keyOfInput: (input: In) => Key, keyOfRow: (row: Row) => Key): (Row | undefined)[] {
  const byKey = new Map(rows.map((row) => [keyOfRow(row), row]));
  return inputs.map((input) => byKey.get(keyOfInput(input)));
}
