export type SessionKey = { userId: number; familyId: string };

type Entry<Answer> = { userId: number; expiresAt: number; answer: Promise<Answer> };

export type SessionCheckCache<Answer> = {
  /** Milliseconds since the epoch: what expiry is judged by. A test sets its own clock here. */
  now: () => number;
  /** The answer for a session, looked up at most once per `ttlMs` (0: every time). */
  get: (key: SessionKey, ttlMs: number) => Promise<Answer>;
  /** Drops every answer kept for the user, those still being looked up included. */
  forgetUser: (userId: number) => void;
  readonly size: number;
};

/**
 * A short memory of session checks, so that a signed-in request need not go to the database
 * when the same session was checked a moment ago.
 *
 * What is kept is the lookup's promise, from the moment it starts: requests for one session that
 * arrive while it is being looked up share that one lookup. An answer is used until `ttlMs`
 * after its lookup began, so it is never older than that.
 *
 * Bounded: at most `maxEntries` answers. Every answer lives equally long, so the order the map
 * was filled in is also the order answers expire in; each lookup first drops answers from the
 * oldest end while they have expired or the map is full. No timer runs.
 *
 * `forgetUser` after a committed change of the user's standing or sessions makes the change
 * count at once in this process: an answer looked up before it is dropped, even one still under
 * way (its promise still answers the requests that were already waiting on it, which arrived
 * before the change), and a lookup that starts after it reads the committed change.
 */
export function createSessionCheckCache<Answer>(
  lookup: (key: SessionKey) => Promise<Answer>,
  options: { maxEntries: number; now?: () => number },
): SessionCheckCache<Answer> {
  const entries = new Map<string, Entry<Answer>>();
  const keysOfUser = new Map<number, Set<string>>();

  const remove = (id: string, entry: Entry<Answer>) => {
    entries.delete(id);
    const keys = keysOfUser.get(entry.userId);
    keys?.delete(id);
    if (keys?.size === 0) keysOfUser.delete(entry.userId);
  };

  const cache: SessionCheckCache<Answer> = {
    now: options.now ?? Date.now,
    get size() {
      return entries.size;
    },
    get(key, ttlMs) {
      if (ttlMs <= 0) return lookup(key);
      const id = `${key.userId}/${key.familyId}`;
      const at = cache.now();
      const kept = entries.get(id);
      if (kept && kept.expiresAt > at) return kept.answer;
      if (kept) remove(id, kept);
      for (const [oldId, old] of entries) {
        if (old.expiresAt > at && entries.size < options.maxEntries) break;
        remove(oldId, old);
      }

      const entry: Entry<Answer> = { userId: key.userId, expiresAt: at + ttlMs, answer: lookup(key) };
      entries.set(id, entry);
      let keys = keysOfUser.get(key.userId);
      if (!keys) keysOfUser.set(key.userId, (keys = new Set()));
      keys.add(id);
      // A failed lookup is not kept: the next request asks again. (The caller still sees the failure.)
      entry.answer.catch(() => {
        if (entries.get(id) === entry) remove(id, entry);
      });
      return entry.answer;
    },
    forgetUser(userId) {
      for (const id of keysOfUser.get(userId) ?? []) entries.delete(id);
      keysOfUser.delete(userId);
    },
  };
  return cache;
}
