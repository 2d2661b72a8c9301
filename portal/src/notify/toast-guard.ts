// spec §8: "Each toast is de-duplicated by a 500 ms guard." Pure so it is unit-tested.

export type ToastKind = 'success' | 'error';

/** Returns true when the toast may be shown, false when an identical one was shown too recently. */
export function createToastGuard(windowMs: number, now: () => number): (kind: ToastKind, message: string) => boolean {
  const lastShown = new Map<string, number>();
  return (kind, message) => {
    const key = `${kind}\u0000${message}`;
    const at = now();
    const previous = lastShown.get(key);
    if (previous !== undefined && at - previous < windowMs) return false;
    lastShown.set(key, at);
    // Forget entries that can no longer suppress anything, so the map stays small.
    for (const [storedKey, storedAt] of lastShown) {
      if (at - storedAt >= windowMs) lastShown.delete(storedKey);
    }
    return true;
  };
}
