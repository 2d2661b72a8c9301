import { profileLabelsEn, profileLabelsNe, type ProfileLabelKey } from '@psc/core';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { ne } from './ne';

describe('the candidate profile labels on fullDetails', () => {
  it('are the portal words of @psc/core, with placeholders written the workstation way', () => {
    for (const [catalogue, labels] of [
      [en, profileLabelsEn],
      [ne, profileLabelsNe],
    ] as const) {
      for (const key of Object.keys(profileLabelsEn) as ProfileLabelKey[]) {
        expect(catalogue[key], key).toBe(labels[key].replace(/\{(\w+)\}/g, '{{$1}}'));
        expect(catalogue[key], key).not.toMatch(/(^|[^{])\{\w+\}(?!\})/);
      }
    }
    expect(en['profileForm.period']).toBe('{{from}} to {{to}}');
    expect(ne['profileForm.localLevelOption']).toBe('{{name}} ({{type}})');
  });
});
