import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../config';
import { createStorageTokenStore, deobfuscate, obfuscate, removeStaleStoredValues } from './token-storage';

/** Web Storage over a Map, for Node. */
class MemoryStorage implements Storage {
  private readonly entries = new Map<string, string>();
  get length() {
    return this.entries.size;
  }
  clear() {
    this.entries.clear();
  }
  getItem(key: string) {
    return this.entries.get(key) ?? null;
  }
  key(index: number) {
    return [...this.entries.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.entries.delete(key);
  }
  setItem(key: string, value: string) {
    this.entries.set(key, String(value));
  }
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('token storage', () => {
  it('round-trips through the obfuscation, and the stored text shows no token', () => {
    const text = JSON.stringify({ accessToken: JWT, refreshToken: 'opaque-refresh', name: 'राम' });
    const stored = obfuscate(text);
    expect(stored).not.toContain('eyJ');
    expect(stored).not.toContain('opaque');
    expect(deobfuscate(stored)).toBe(text);
    expect(deobfuscate('%%% not base64')).toBeNull();
  });

  it('keeps the pair across store instances (a reload) and reports changes', () => {
    const storage = new MemoryStorage();
    const changes: boolean[] = [];
    const store = createStorageTokenStore(storage, (hasSession) => changes.push(hasSession));
    store.write({ accessToken: JWT, refreshToken: 'r1' });
    expect(storage.getItem(STORAGE_KEYS.session)).not.toContain(JWT);
    expect(createStorageTokenStore(storage, () => {}).read()).toEqual({ accessToken: JWT, refreshToken: 'r1' });
    store.clear();
    expect(store.read()).toBeNull();
    expect(changes).toEqual([true, false]);
  });

  it('reads a damaged entry as no session', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.session, obfuscate('{"accessToken": 1}'));
    expect(createStorageTokenStore(storage, () => {}).read()).toBeNull();
  });

  it('removes old stored values and plain access tokens at start (spec §7), leaving the rest', () => {
    const storage = new MemoryStorage();
    storage.setItem('token', 'x');
    storage.setItem('persist:root', '{}');
    storage.setItem('psc.portal.session.v0', 'old');
    storage.setItem('something', JSON.stringify(JWT));
    storage.setItem('bearer', `Bearer ${JWT}`);
    storage.setItem(STORAGE_KEYS.language, 'en');
    storage.setItem(STORAGE_KEYS.session, obfuscate('{}'));
    storage.setItem('psc.staff.session', JWT);
    storage.setItem('unrelated', 'keep me');
    const removed = removeStaleStoredValues(storage);
    expect(removed.sort()).toEqual(['bearer', 'persist:root', 'psc.portal.session.v0', 'something', 'token']);
    expect(storage.length).toBe(4);
    expect(storage.getItem('unrelated')).toBe('keep me');
  });
});
