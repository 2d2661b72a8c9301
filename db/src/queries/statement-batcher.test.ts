import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher';

/** A fake statement whose batches finish only when the test says so. */
function controlledStatement(fail: (input: number) => boolean = () => false) {
  const batches: { inputs: number[]; finish: () => void }[] = [];
  const run = (inputs: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push({
        inputs,
        finish: () => (inputs.some(fail) ? reject(new Error(`bad input in ${inputs.join(',')}`)) : resolve(inputs.map((input) => input * 10))),
      });
    });
  return { run, batches };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createStatementBatcher', () => {
  it('sends an input at once, alone, while a batch slot is free', async () => {
    const statement = controlledStatement();
    const submit = createStatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 10 });
    const first = submit(1);
    const second = submit(2);
    expect(statement.batches.map((batch) => batch.inputs)).toEqual([[1], [2]]);
    statement.batches.forEach((batch) => batch.finish());
    await expect(Promise.all([first, second])).resolves.toEqual([10, 20]);
  });

  it('gathers what queued while every slot was busy into the next batch, each answered in its place', async () => {
    const statement = controlledStatement();
    const submit = createStatementBatcher(statement.run, { maxInFlight: 1, maxBatch: 10 });
    const answers = [1, 2, 3, 4].map((input) => submit(input));
    expect(statement.batches.map((batch) => batch.inputs)).toEqual([[1]]);
    statement.batches[0]!.finish();
    await tick();
    expect(statement.batches.map((batch) => batch.inputs)).toEqual([[1], [2, 3, 4]]);
    statement.batches[1]!.finish();
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('never puts more than maxBatch inputs in one batch', async () => {
    const statement = controlledStatement();
    const submit = createStatementBatcher(statement.run, { maxInFlight: 1, maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5].map((input) => submit(input));
    for (let index = 0; index < 3; index += 1) {
      statement.batches[index]!.finish();
      await tick();
    }
    expect(statement.batches.map((batch) => batch.inputs)).toEqual([[1], [2, 3], [4, 5]]);
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('runs a failed batch again one input at a time: only the faulty input fails', async () => {
    const statement = controlledStatement((input) => input === 3);
    const submit = createStatementBatcher(statement.run, { maxInFlight: 1, maxBatch: 10 });
    const answers = [1, 2, 3, 4].map((input) => submit(input).catch((error: Error) => error.message));
    statement.batches[0]!.finish();
    await tick();
    statement.batches[1]!.finish();
    await tick();
    expect(statement.batches.slice(2).map((batch) => batch.inputs)).toEqual([[2], [3], [4]]);
    statement.batches.slice(2).forEach((batch) => batch.finish());
    await expect(Promise.all(answers)).resolves.toEqual([10, 20, 'bad input in 3', 40]);
  });

  it('treats a batch that answers the wrong number of outputs as failed', async () => {
    let calls = 0;
    const submit = createStatementBatcher(
      async (inputs: number[]) => {
        calls += 1;
        return inputs.length > 1 ? [1] : inputs;
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    const answers = await Promise.all([submit(7), submit(8), submit(9)]);
    expect(answers).toEqual([7, 8, 9]);
    expect(calls).toBe(4);
  });
});
