import type { AddressAbroad, MessageKey } from '@psc/core';
import { schema } from '@psc/db';
import { and, eq } from 'drizzle-orm';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import type { ProfileDeps } from './profile-deps';
import { FieldErrors } from './profile-errors';

/** Nepal's ISO 3166-1 code: an address there has its province, district and local level. */
const NEPAL = 'NP';

/**
 * Spec §3 contact: the mailing address abroad (spec §2 dashboard counts "for Nepal and the
 * world"). It takes the place of a mailing address in Nepal, which goes in the same transaction:
 * a candidate is reached at one mailing address.
 */
export async function saveAddressAbroad(deps: ProfileDeps, input: { userId: number; address: AddressAbroad }) {
  const { db } = deps;
  await assertProfileUnlocked(db, input.userId, deps.now());
  const [country] = await db
    .select({ id: schema.countries.id, code: schema.countries.code, nameEn: schema.countries.nameEn, nameNp: schema.countries.nameNp })
    .from(schema.countries)
    .where(eq(schema.countries.id, input.address.countryId))
    .limit(1);
  const refusal: MessageKey | undefined = !country ? 'validation.unknownCountry' : country.code === NEPAL ? 'validation.countryIsNepal' : undefined;
  if (refusal) throw new FieldErrors({ countryId: [refusal] });

  const values = { countryId: input.address.countryId, address: input.address.address };
  const saved = await db.transaction(async (tx) => {
    await tx.delete(schema.candidateAddresses).where(and(eq(schema.candidateAddresses.userId, input.userId), eq(schema.candidateAddresses.kind, 'mailing')));
    const [row] = await tx
      .insert(schema.candidateAddressesAbroad)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: schema.candidateAddressesAbroad.userId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  });
  return presentAddressAbroad({ ...saved, country: country! });
}

type AbroadRow = typeof schema.candidateAddressesAbroad.$inferSelect & { country: { code: string; nameEn: string; nameNp: string } };

/** The address abroad as the profile shows it: the country's code and names with its id. */
export function presentAddressAbroad(row: AbroadRow | undefined) {
  if (!row) return null;
  return {
    countryId: row.countryId,
    countryCode: row.country.code,
    countryNameEn: row.country.nameEn,
    countryNameNp: row.country.nameNp,
    address: row.address,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
