import { describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { ne } from '../../../i18n/ne';
import { OPTION_GROUPS, optionKey, type OptionGroup } from './profile-options';

describe('labels of the profile values on fullDetails', () => {
  it('name every enumerated value of @psc/core in both languages, each distinct within its group', () => {
    for (const [group, values] of Object.entries(OPTION_GROUPS) as [OptionGroup, readonly string[]][]) {
      for (const language of [en, ne] as Record<string, string>[]) {
        const labels = values.map((value) => {
          const key = optionKey(group, value);
          expect(key, `${group}.${value}`).not.toBeNull();
          return language[key!];
        });
        for (const label of labels) expect(label?.trim()).toBeTruthy();
        expect(new Set(labels).size, group).toBe(values.length);
      }
    }
  });

  it('answers null for a value it does not know, so the stored value is shown instead of a key', () => {
    expect(optionKey('gender', 'unknown')).toBeNull();
    expect(optionKey('gender', 'female')).toBe('candidateProfile.option.gender.female');
  });
});
