import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, t=2, p=1): about 8 ms a hash on the reference machine.
// Algorithm is a const enum in the typings; 2 is Argon2id.
const options = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the user does not exist keeps the answer time the same, so the
// timing of a failed sign-in does not tell whether a user name exists.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-that-never-matches');
  return decoyHash.then((h) => verifyPassword(h, `${password}\u0000`));
}
