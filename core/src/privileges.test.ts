import { describe, expect, it } from 'vitest';
import {
  findPrivilege,
  isPermissionAction,
  isPrivilegeCode,
  PERMISSION_ACTIONS,
  PRIVILEGE_CODES,
  PRIVILEGES,
} from './privileges';

// Copied from spec §6: the table, then the list under "Other codes exist" (which repeats some).
const TABLE_CODES = 'RQ PD MC PEC ECA ES BIS PA DA SA SM SD SC UM PUM PM VLU AQTEA CPM POEC ER BUK FS WS VS'.split(' ');
const OTHER_CODES = 'PE SD PDA ST OC BUK AR RAR RCD CAD AD OIR OIA OIAV OIRV SM CPM FS WS VS SA'.split(' ');

describe('PRIVILEGES', () => {
  it('holds every code of spec §6 once and nothing else', () => {
    const expected = [...new Set([...TABLE_CODES, ...OTHER_CODES])].sort();
    expect([...PRIVILEGE_CODES].sort()).toEqual(expected);
    expect(new Set(PRIVILEGE_CODES).size).toBe(PRIVILEGE_CODES.length);
  });

  it('names every privilege in English and in Nepali script', () => {
    for (const privilege of PRIVILEGES) {
      expect(privilege.nameEn.trim(), privilege.code).not.toBe('');
      expect(privilege.nameNp, privilege.code).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('finds a privilege by its code', () => {
    expect(findPrivilege('RQ').nameEn).toBe('Requisition');
  });
});

describe('isPrivilegeCode', () => {
  it('accepts known codes only', () => {
    expect(isPrivilegeCode('RQ')).toBe(true);
    expect(isPrivilegeCode('OIRV')).toBe(true);
    expect(isPrivilegeCode('rq')).toBe(false);
    expect(isPrivilegeCode('XYZ')).toBe(false);
    expect(isPrivilegeCode(undefined)).toBe(false);
  });
});

describe('PERMISSION_ACTIONS', () => {
  it('are the six actions of spec §6', () => {
    expect(PERMISSION_ACTIONS).toEqual(['read', 'create', 'update', 'delete', 'approve', 'reject']);
    expect(isPermissionAction('approve')).toBe(true);
    expect(isPermissionAction('publish')).toBe(false);
  });
});
