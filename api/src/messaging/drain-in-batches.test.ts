import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, type DrainResult } from './drain-outbox';
import { drainInBatches } from './outbox-sender';

// One pass of the sender reads batch after batch while they come back full, so a queue of
// thousands goes at the gateway's pace; it stops at a short batch, at a failure, or at its budget.

function queue(messages: number, failAt = Infinity) {
  let left = messages;
  let sentSoFar = 0;
  let calls = 0;
  const drain = async (): Promise<DrainResult> => {
    calls += 1;
    const take = Math.min(BATCH_SIZE, left);
    left -= take;
    const failed = sentSoFar + take > failAt ? 1 : 0;
    sentSoFar += take;
    return { sent: take - failed, failed };
  };
  return { drain, calls: () => calls, left: () => left };
}

describe('drainInBatches', () => {
  it('drains 5,000 messages in one pass, in full batches, and stops at the short one', async () => {
    const outbox = queue(5_000 + 7);
    expect(await drainInBatches(outbox.drain, 60_000)).toEqual({ sent: 5_007, failed: 0 });
    expect(outbox.calls()).toBe(Math.ceil(5_007 / BATCH_SIZE));
    expect(outbox.left()).toBe(0);
  });

  it('stops after a batch with a failure: the failed message waits for its backoff', async () => {
    const outbox = queue(1_000, 120);
    expect(await drainInBatches(outbox.drain, 60_000)).toEqual({ sent: 149, failed: 1 });
    expect(outbox.calls()).toBe(3);
  });

  it('stops when its budget is spent, leaving the rest for the next pass', async () => {
    const outbox = queue(1_000);
    expect(await drainInBatches(outbox.drain, 0)).toEqual({ sent: BATCH_SIZE, failed: 0 });
    expect(outbox.left()).toBe(1_000 - BATCH_SIZE);
  });
});
