import { describe, expect, it } from 'vitest';
import { PROFILE_OPTION_GROUPS, type ProfileOptionGroup } from '../schemas/profile/profile-view';
import { isProfileLabelKey, profileLabelsEn, profileLabelsNe, profileOptionKey } from './profile-labels';

const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
const groups = Object.entries(PROFILE_OPTION_GROUPS) as [ProfileOptionGroup, readonly string[]][];

describe('profile labels', () => {
  it('hold the same keys in both languages, none empty, with the same placeholders', () => {
    expect(Object.keys(profileLabelsNe).sort()).toEqual(Object.keys(profileLabelsEn).sort());
    for (const key of Object.keys(profileLabelsEn) as (keyof typeof profileLabelsEn)[]) {
      expect(profileLabelsEn[key].trim(), key).not.toBe('');
      expect(profileLabelsNe[key].trim(), key).not.toBe('');
      expect(placeholdersOf(profileLabelsNe[key]), key).toEqual(placeholdersOf(profileLabelsEn[key]));
    }
  });

  it('write Nepali texts without Latin letters or digits (spec §1)', () => {
    for (const [key, text] of Object.entries(profileLabelsNe)) {
      expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(/[A-Za-z0-9]/);
    }
  });

  it('name every enumerated profile value in both languages, each distinct within its group', () => {
    for (const [group, values] of groups) {
      for (const labels of [profileLabelsEn, profileLabelsNe] as Record<string, string>[]) {
        const texts = values.map((value) => {
          const key = profileOptionKey(group, value);
          expect(isProfileLabelKey(key), key).toBe(true);
          return labels[key];
        });
        expect(new Set(texts).size, group).toBe(values.length);
      }
    }
  });

  it('know no label for a value outside the groups, so a reader can show the stored value instead', () => {
    expect(profileOptionKey('gender', 'female')).toBe('profileForm.option.gender.female');
    expect(isProfileLabelKey(profileOptionKey('gender', 'unknown'))).toBe(false);
    expect(isProfileLabelKey('toString')).toBe(false);
  });
});
