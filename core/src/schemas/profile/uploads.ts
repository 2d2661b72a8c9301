import type { MessageKey } from '../../i18n/en';
import { LIMITS } from '../../limits';

// Spec §5 "Files": what each upload of the profile may be. The API checks the content (magic
// bytes), never the name or the browser's claim; the portal uses the same table for its `accept`
// attribute and its size check before sending.

export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];

export type UploadRule = {
  /** Content types accepted, as detected from the bytes. */
  contentTypes: readonly UploadContentType[];
  /** What a refusal of the type says (the rule, in the reader's language). */
  typeMessage: MessageKey;
  maxBytes: number;
  /** What the portal's file input offers. */
  accept: string;
};

const image: UploadRule = {
  contentTypes: ['image/jpeg', 'image/png'],
  typeMessage: 'validation.imageTypeOnly',
  maxBytes: LIMITS.uploadMaxBytes,
  accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
};
const pdf: UploadRule = {
  contentTypes: ['application/pdf'],
  typeMessage: 'validation.pdfOnly',
  maxBytes: LIMITS.uploadMaxBytes,
  accept: '.pdf,application/pdf',
};
const document: UploadRule = {
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
  typeMessage: 'validation.documentType',
  maxBytes: LIMITS.uploadMaxBytes,
  accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
};

/** Every file the profile takes, by its purpose (also the `purpose` of the stored file). */
export const PROFILE_UPLOADS = {
  // Spec §5: photograph, signature, citizenship: JPG or PNG.
  photograph: image,
  signature: image,
  'citizenship-front': image,
  'citizenship-back': image,
  // Spec §5: inclusive group document: jpeg, jpg or png.
  'inclusive-group': image,
  // Spec §5: transcript: pdf; character (and equivalence) certificate: pdf, jpeg or png.
  'transcript-front': pdf,
  'transcript-back': pdf,
  'character-certificate': document,
  'equivalent-certificate': document,
  // Spec §5: experience, professional and training documents: pdf, jpeg or png.
  'training-certificate': document,
  'council-front': document,
  'council-back': document,
  'government-experience-certificate': document,
  'non-government-experience-certificate': document,
} as const satisfies Record<string, UploadRule>;

export type ProfileUploadPurpose = keyof typeof PROFILE_UPLOADS;

/** The four documents of the profile's "Documents" section (spec §5 apply). */
export const PROFILE_DOCUMENT_KINDS = ['photograph', 'signature', 'citizenship-front', 'citizenship-back'] as const;
export type ProfileDocumentKind = (typeof PROFILE_DOCUMENT_KINDS)[number];

/** The eight sections counted by "x of 8" (spec §9 "Profile has 8 sections"). */
export const PROFILE_SECTIONS = ['personal', 'contact', 'extra', 'education', 'training', 'professional', 'experience', 'documents'] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
