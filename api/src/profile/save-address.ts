import type { Address, AddressKind, MessageKey } from '@psc/core';
import { schema } from '@psc/db';
import { eq } from 'drizzle-orm';
import { assertProfileUnlocked } from './assert-profile-unlocked';
import type { ProfileDeps } from './profile-deps';
import { FieldErrors } from './profile-errors';

/**
 * Spec §3 contact, permanent or mailing. The place must hang together: the district lies in the
 * province, the local level in the district, and the ward is one of that local level's wards.
 */
export async function saveAddress(deps: ProfileDeps, input: { userId: number; kind: AddressKind; address: Address }) {
  const { db } = deps;
  const { address } = input;
  await assertProfileUnlocked(db, input.userId, deps.now());
  const [[province], [district], [localLevel]] = await Promise.all([
    db.select({ id: schema.provinces.id }).from(schema.provinces).where(eq(schema.provinces.id, address.provinceId)).limit(1),
    db
      .select({ provinceId: schema.districts.provinceId })
      .from(schema.districts)
      .where(eq(schema.districts.id, address.districtId))
      .limit(1),
    db
      .select({ districtId: schema.localLevels.districtId, wards: schema.localLevels.wards })
      .from(schema.localLevels)
      .where(eq(schema.localLevels.id, address.localLevelId))
      .limit(1),
  ]);
  const errors: Record<string, MessageKey[]> = {};
  if (!province) errors.provinceId = ['validation.unknownChoice'];
  if (!district) errors.districtId = ['validation.unknownChoice'];
  else if (district.provinceId !== address.provinceId) errors.districtId = ['validation.districtNotInProvince'];
  if (!localLevel) errors.localLevelId = ['validation.unknownChoice'];
  else if (localLevel.districtId !== address.districtId) errors.localLevelId = ['validation.localLevelNotInDistrict'];
  else if (address.wardNo > localLevel.wards) errors.wardNo = ['validation.wardOutOfRange'];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors, { max: localLevel?.wards ?? 0 });

  const values = {
    provinceId: address.provinceId,
    districtId: address.districtId,
    localLevelId: address.localLevelId,
    wardNo: address.wardNo,
    marga: address.marga ?? null,
    tole: address.tole ?? null,
    gharNo: address.gharNo ?? null,
    phoneNo: address.phoneNo ?? null,
    mobileNo: address.mobileNo ?? null,
    email: address.email ?? null,
    address: address.address ?? null,
  };
  return db.transaction(async (tx) => {
    // A mailing address in Nepal takes the place of one abroad (save-address-abroad.ts).
    if (input.kind === 'mailing') await tx.delete(schema.candidateAddressesAbroad).where(eq(schema.candidateAddressesAbroad.userId, input.userId));
    const [saved] = await tx
      .insert(schema.candidateAddresses)
      .values({ userId: input.userId, kind: input.kind, ...values })
      .onConflictDoUpdate({ target: [schema.candidateAddresses.userId, schema.candidateAddresses.kind], set: { ...values, updatedAt: new Date() } })
      .returning();
    return saved!;
  });
}
