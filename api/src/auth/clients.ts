import { schema, type Database } from '@psc/db';
import { eq } from 'drizzle-orm';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../http/errors';
import { hashToken } from './tokens';

export type OAuthClient = { id: string; userKind: 'candidate' | 'staff' };

/** spec §7: the client is identified by HTTP Basic credentials on the token call. */
export function parseBasicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export async function authenticateClient(db: Database, header: string | undefined): Promise<OAuthClient> {
  const credentials = parseBasicCredentials(header);
  if (!credentials) throw new AppError('INVALID_CLIENT');
  const [client] = await db
    .select({ id: schema.oauthClients.id, userKind: schema.oauthClients.userKind, secretHash: schema.oauthClients.secretHash, isActive: schema.oauthClients.isActive })
    .from(schema.oauthClients)
    .where(eq(schema.oauthClients.id, credentials.id))
    .limit(1);
  // Client secrets are high-entropy configuration, not passwords: SHA-256 is enough and keeps
  // argon2's cost for the user's password only.
  const presented = Buffer.from(hashToken(credentials.secret));
  if (!client || !client.isActive || !timingSafeEqual(presented, Buffer.from(client.secretHash))) {
    throw new AppError('INVALID_CLIENT');
  }
  return { id: client.id, userKind: client.userKind };
}
