import {
  composeAdmitCardStatement,
  encodeAdmitCardStatementBody,
  parseAdmitCardStatement,
  admitCardSignedPart,
  type AdmitCardStatement,
} from '@psc/core';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

// DESIGN "Signed documents": admit cards carry a statement signed with Ed25519; the public key is
// published at /.well-known/psc-admit-card-key so a phone at an exam hall's door verifies a card
// offline. The private key is configuration (ADMIT_CARD_SIGNING_KEY) like JWT_SECRET; outside
// production one is generated into the data folder, so cards printed before a restart still verify.

export type AdmitCardKeys = {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyPem: string;
  jwk: { kty: string; crv: string; x: string };
};

const KEY_FILE = 'admit-card-signing-key.pem';
const keysByConfig = new WeakMap<Config, AdmitCardKeys>();

function privateKeyPem(config: Config): string {
  if (config.admitCardSigningKey) return config.admitCardSigningKey;
  const file = join(config.dataDir, KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(config.dataDir, { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // 'wx': of two processes starting at once, the second reads the first one's key.
  try {
    writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8');
  }
  return pem;
}

/** The process's admit-card keys, read once per configuration. */
export function admitCardKeysOf(config: Config): AdmitCardKeys {
  let keys = keysByConfig.get(config);
  if (!keys) {
    const privateKey = createPrivateKey(privateKeyPem(config));
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('ADMIT_CARD_SIGNING_KEY is not an Ed25519 private key');
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' }) as { kty: string; crv: string; x: string };
    keys = { privateKey, publicKey, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), jwk: { kty: jwk.kty, crv: jwk.crv, x: jwk.x } };
    keysByConfig.set(config, keys);
  }
  return keys;
}

/** The signed statement a card's QR carries (core's format). */
export function signAdmitCardStatement(config: Config, statement: AdmitCardStatement): string {
  const body = encodeAdmitCardStatementBody(statement);
  const signature = sign(null, Buffer.from(admitCardSignedPart(body), 'ascii'), admitCardKeysOf(config).privateKey);
  return composeAdmitCardStatement(body, new Uint8Array(signature));
}

/** What a genuine statement states, or null for anything else (malformed, altered, or signed by another key). */
export function verifyAdmitCardStatement(config: Config, text: string): AdmitCardStatement | null {
  const parsed = parseAdmitCardStatement(text);
  if (!parsed) return null;
  const genuine = verify(null, Buffer.from(parsed.signedPart, 'ascii'), admitCardKeysOf(config).publicKey, parsed.signature);
  return genuine ? parsed.statement : null;
}
