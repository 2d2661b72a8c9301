import { STORAGE_KEYS } from '../config';

export type SessionTokens = { accessToken: string; refreshToken: string };

/** Where the request module keeps the session tokens; injected so tests need no browser. */
export type TokenStore = {
  read(): SessionTokens | null;
  write(tokens: SessionTokens): void;
  clear(): void;
};

// spec §7: tokens are stored "in obfuscated form". This is OBFUSCATION, NOT SECURITY: anyone
// who can run script on the page can reverse it. It only keeps the tokens from being read at a
// glance (or grepped as a JWT) in the browser's storage inspector.
const OBFUSCATION_KEY = 'psc-portal';

function xorBytes(bytes: Uint8Array): Uint8Array {
  const key = new TextEncoder().encode(OBFUSCATION_KEY);
  return bytes.map((byte, index) => byte ^ key[index % key.length]!);
}

export function obfuscate(text: string): string {
  const mixed = xorBytes(new TextEncoder().encode(text)).reverse();
  let binary = '';
  for (const byte of mixed) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function deobfuscate(stored: string): string | null {
  try {
    const binary = atob(stored);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0)).reverse();
    return new TextDecoder('utf-8', { fatal: true }).decode(xorBytes(bytes));
  } catch {
    return null;
  }
}

function parseTokens(text: string | null): SessionTokens | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as SessionTokens).accessToken === 'string' &&
      typeof (value as SessionTokens).refreshToken === 'string'
    ) {
      return { accessToken: (value as SessionTokens).accessToken, refreshToken: (value as SessionTokens).refreshToken };
    }
  } catch {
    // fall through: unreadable value counts as no session
  }
  return null;
}

/** The browser token store: one obfuscated entry in localStorage, so a reload keeps the session. */
export function createStorageTokenStore(storage: Storage, onChange: (hasSession: boolean) => void): TokenStore {
  return {
    read() {
      const stored = storage.getItem(STORAGE_KEYS.session);
      return stored === null ? null : parseTokens(deobfuscate(stored));
    },
    write(tokens) {
      storage.setItem(STORAGE_KEYS.session, obfuscate(JSON.stringify(tokens)));
      onChange(true);
    },
    clear() {
      storage.removeItem(STORAGE_KEYS.session);
      onChange(false);
    },
  };
}

/** Keys earlier releases and the previous portal left behind (spec §7: removed at start). */
const LEGACY_KEYS = [
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'userInfo',
  'user',
  'privileges',
  'persist:root',
];

const JWT_PATTERN = /^(Bearer\s+)?eyJ[\w-]*\.[\w-]+\.[\w-]*$/;

/**
 * spec §7: "Old stored values and an access token in local storage are removed at start."
 * Removes the legacy keys, any portal key this release does not use, and any value that is a
 * plain JWT. Keys of the staff workstation (same origin when served under /staff) are left alone.
 */
export function removeStaleStoredValues(storage: Storage): string[] {
  const currentKeys = new Set<string>(Object.values(STORAGE_KEYS));
  const removed: string[] = [];
  for (let index = storage.length - 1; index >= 0; index -= 1) {
    const key = storage.key(index);
    if (key === null || currentKeys.has(key) || key.startsWith('psc.staff')) continue;
    const value = storage.getItem(key) ?? '';
    const isStale = LEGACY_KEYS.includes(key) || key.startsWith('psc.portal.') || JWT_PATTERN.test(value.trim().replace(/^"|"$/g, ''));
    if (isStale) {
      storage.removeItem(key);
      removed.push(key);
    }
  }
  return removed;
}
