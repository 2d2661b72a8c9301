import { describe, expect, it } from 'vitest';
import { PROFILE_DOCUMENT_KINDS, PROFILE_UPLOADS } from '../core-forms';
import { buildCatalogue } from '../i18n/build-catalogue';
import { ADDRESS_KIND_NAMES, OPTION_GROUPS, optionKey } from './profile-options';

// The profile builds some catalogue keys from values (every enumerated value of spec §3, the tabs,
// the documents); i18n/catalogues.test.ts only sees keys written out, so these are checked here.

const TABS = ['personal', 'contact', 'education', 'training', 'professional', 'extra', 'experience', 'documents', 'preview'];

function keysBuiltFromValues(): string[] {
  return [
    ...Object.entries(OPTION_GROUPS).flatMap(([group, values]) => (values as readonly string[]).map((value) => optionKey(group as keyof typeof OPTION_GROUPS, value))),
    ...TABS.map((tab) => `profileTab.${tab}`),
    ...PROFILE_DOCUMENT_KINDS.map((kind) => `profileForm.document.${kind}`),
    ...ADDRESS_KIND_NAMES.flatMap((kind) => [`profileForm.address.${kind}`, `profileForm.saveAddress.${kind}`]),
    ...['transcriptFront', 'transcriptBack', 'characterCertificate', 'equivalentCertificate'].map((file) => `profileForm.field.${file}`),
    ...Object.values(PROFILE_UPLOADS).map((rule) => rule.typeMessage),
    ...['training', 'professional', 'experience'].map((section) => `profileForm.declareNone.${section}`),
  ];
}

describe('profile texts', () => {
  it.each(['ne', 'en'] as const)('has a %s text for every key built from a value', (language) => {
    const catalogue = buildCatalogue(language);
    const missing = keysBuiltFromValues().filter((key) => !(key in catalogue));
    expect(missing).toEqual([]);
  });

  it('labels the values of one choice differently', () => {
    for (const language of ['ne', 'en'] as const) {
      const catalogue = buildCatalogue(language);
      for (const [group, values] of Object.entries(OPTION_GROUPS)) {
        const labels = (values as readonly string[]).map((value) => catalogue[optionKey(group as keyof typeof OPTION_GROUPS, value)]);
        expect(new Set(labels).size, `${language} ${group}`).toBe(labels.length);
      }
    }
  });
});
