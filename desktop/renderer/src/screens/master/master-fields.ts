import { MASTER_DATA_SCHEMAS, type MasterDataType } from '@psc/core';

// The form of a master type is read off its schema in @psc/core (the same one the API checks),
// so a field added there shows up here. Only how each field is typed in is decided here.

export type MasterField =
  | { key: string; kind: 'ref'; refType: string; optional: boolean }
  | { key: string; kind: 'number' | 'text' | 'date'; optional: boolean }
  | { key: string; kind: 'bool' }
  | { key: string; kind: 'enum'; options: readonly string[] };

/** Which cached master type a foreign key points at. */
const REF_TYPES: Record<string, string> = {
  provinceId: 'provinces',
  districtId: 'districts',
  typeId: 'local-level-types',
  casteGroupId: 'caste-groups',
  classId: 'service-classes',
  serviceId: 'services',
  groupId: 'service-groups',
  ministryId: 'ministries',
  departmentId: 'departments',
  organizationId: 'organizations',
  postId: 'invigilator-posts',
};

const NUMBER_KEYS = new Set(['wards', 'rank', 'centerCapacity', 'rollFrom', 'rollTo', 'numberFrom', 'numberTo', 'amount']);
const OPTIONAL_KEYS = new Set(['ministryId', 'departmentId', 'contactPerson', 'contactNumber', 'address', 'employeeNo', 'postId', 'mobile']);

export function fieldsOf(type: MasterDataType): MasterField[] {
  const shape = (MASTER_DATA_SCHEMAS[type] as unknown as { shape: Record<string, unknown> }).shape;
  return Object.keys(shape).map((key): MasterField => {
    // exam centres, invigilators and organizations may name no organization or district.
    const optional = OPTIONAL_KEYS.has(key) || (['organizations', 'exam-centres', 'invigilators'].includes(type) && key.endsWith('Id'));
    if (key.startsWith('is')) return { key, kind: 'bool' };
    if (key === 'kind') return { key, kind: 'enum', options: ['university', 'board', 'council', 'foreign'] };
    const refType = REF_TYPES[key];
    if (refType) return { key, kind: 'ref', refType, optional };
    if (NUMBER_KEYS.has(key)) return { key, kind: 'number', optional };
    if (key.endsWith('Date')) return { key, kind: 'date', optional };
    return { key, kind: 'text', optional };
  });
}

/** The columns the table shows besides the id: names first, then up to three other fields. */
export function columnKeysOf(type: MasterDataType): string[] {
  const keys = fieldsOf(type).map((field) => field.key);
  const names = keys.filter((key) => /^(name|description)(En|Np)$/.test(key) || key === 'code');
  const others = keys.filter((key) => !names.includes(key)).slice(0, 3);
  return [...names, ...others];
}
