import { profileLabelsEn, profileLabelsNe } from '@psc/core';

// Labels of the candidate's profile as staff read it on the fullDetails screen (spec §2 [UM]).
// The field and value labels are the candidate portal's own, from @psc/core (profileForm.*), so
// staff and the candidate read the same words for the same field; the workstation adds its own
// words around the candidate's files. Spread into en.ts and ne.ts; ne is typed against en, so both
// always hold the same keys.

/** Core writes a placeholder {name}; the workstation's i18next reads {{name}}. */
function withWorkstationPlaceholders<Key extends string>(labels: Readonly<Record<Key, string>>): Record<Key, string> {
  const converted = {} as Record<Key, string>;
  for (const key of Object.keys(labels) as Key[]) converted[key] = labels[key].replace(/\{(\w+)\}/g, '{{$1}}');
  return converted;
}

export const candidateProfileEn = {
  ...withWorkstationPlaceholders(profileLabelsEn),
  // The workstation's own words around the candidate's profile (fullDetails).
  'candidateProfile.file.open': 'Open',
  'candidateProfile.file.download': 'Download',
  'candidateProfile.file.failed': 'The file could not be opened.',
  'candidateProfile.file.none': 'Not attached',
  'candidateProfile.file.kind': 'Document',
  'candidateProfile.file.size': 'Size',
  'candidateProfile.lock': 'Profile lock',
  'candidateProfile.fileSize': '{{size}} KB',
} as const;

export const candidateProfileNe: Record<keyof typeof candidateProfileEn, string> = {
  ...withWorkstationPlaceholders(profileLabelsNe),
  // The workstation's own words around the candidate's profile (fullDetails).
  'candidateProfile.file.open': 'खोल्नुहोस्',
  'candidateProfile.file.download': 'डाउनलोड',
  'candidateProfile.file.failed': 'फाइल खोल्न सकिएन।',
  'candidateProfile.file.none': 'संलग्न छैन',
  'candidateProfile.file.kind': 'कागजात',
  'candidateProfile.file.size': 'आकार',
  'candidateProfile.lock': 'प्रोफाइल लक',
  'candidateProfile.fileSize': '{{size}} केबी',
};
