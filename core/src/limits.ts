// Spec §9: business constants and limits, in one place for the API, the portal and the desktop.
export const LIMITS = {
  requestTimeoutMs: 180_000,
  hideMessageDelayMs: 2_000,
  toastDeduplicationMs: 500,
  toastAutoCloseMs: 4_000,
  maxVisibleToasts: 6,
  uploadMaxBytes: 500 * 1024,
  nameMaxLength: 30,
  usernameMaxLength: 30,
  citizenshipNumberMaxLength: 30,
  mobileDigits: 10,
  newPasswordMinLength: 8,
  // Spec §5: sign-in takes a user name or an e-mail; 100 covers any real address.
  signInUsernameMaxLength: 100,
  // Long enough for any pass phrase, short enough to bound the cost of hashing it.
  passwordMaxLength: 128,
  masterDataNumericMaxDigits: 15,
  masterDataNameMaxLength: 255,
  profileSections: 8,
} as const;
