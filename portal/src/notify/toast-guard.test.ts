import { describe, expect, it } from 'vitest';
import { createToastGuard } from './toast-guard';

describe('toast guard (spec §8: 500 ms de-duplication)', () => {
  it('drops an identical toast within the window and lets it through after', () => {
    const clock = { now: 1_000 };
    const shouldShow = createToastGuard(500, () => clock.now);
    expect(shouldShow('error', 'Invalid user name or password')).toBe(true);
    clock.now += 499;
    expect(shouldShow('error', 'Invalid user name or password')).toBe(false);
    clock.now += 1;
    expect(shouldShow('error', 'Invalid user name or password')).toBe(true);
  });

  it('measures the window from the last toast shown, not the last one dropped', () => {
    const clock = { now: 0 };
    const shouldShow = createToastGuard(500, () => clock.now);
    expect(shouldShow('error', 'x')).toBe(true);
    clock.now = 400;
    expect(shouldShow('error', 'x')).toBe(false);
    clock.now = 500;
    expect(shouldShow('error', 'x')).toBe(true);
  });

  it('keeps different messages and kinds apart', () => {
    const shouldShow = createToastGuard(500, () => 0);
    expect(shouldShow('error', 'a')).toBe(true);
    expect(shouldShow('error', 'b')).toBe(true);
    expect(shouldShow('success', 'a')).toBe(true);
    expect(shouldShow('success', 'a')).toBe(false);
  });
});
