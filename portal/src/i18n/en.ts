import type { PortalMessageKey } from './ne';

// Portal UI text in English, the alternative language (spec §1). Same keys as ne.ts.
export const en: Record<PortalMessageKey, string> = {
  'app.name': 'Public Service Commission',
  'app.shortName': 'PSC',
  'app.tagline': 'Online application portal',
  'app.skipToContent': 'Skip to main content',

  'language.label': 'Language',
  'language.ne': 'नेपाली',
  'language.en': 'English',

  'loader.label': 'Loading…',

  'login.title': 'Sign in',
  'login.subtitle': 'Sign in with your user name or e-mail and your password.',
  'login.username': 'User name or e-mail',
  'login.password': 'Password',
  'login.submit': 'Sign in',
  'login.register': 'New here? Register',
  'login.existingUser': 'Existing user? Recover your account',
  'login.faq': 'Frequently asked questions',
  'login.loadingProfile': 'Loading your details…',

  'nav.menu': 'Menu',
  'nav.closeMenu': 'Close menu',
  'nav.home': 'Home',
  'nav.profile': 'My profile',
  'nav.vacancy': 'Vacancies',
  'nav.organizationVacancy': 'Organization vacancies',
  'nav.promotionVacancy': 'Promotion vacancies',
  'nav.myApplications': 'My applications',
  'nav.approvedApplications': 'Approved applications',
  'nav.promotionApplications': 'Promotion applications',
  'nav.results': 'Results',
  'nav.certificate': 'Certificate download',
  'nav.oldAdmitCard': 'Old admit cards',
  'nav.ebpVerification': 'Payment code verification',
  'nav.ebpLocalVerification': 'Payment code local verification',
  'nav.deactivateAccount': 'Deactivate duplicate account',
  'nav.signOut': 'Sign out',
  'nav.signingOut': 'Signing out…',

  'feature.profileTab': 'My profile: {tab}',
  'feature.reapplyQuota': 'Re-apply in an additional quota',
  'feature.voucherUpload': 'Voucher upload',
  'feature.promotionVoucherUpload': 'Promotion application voucher upload',
  'feature.vacancyApply': 'Apply for a vacancy',
  'feature.vacancyReapplyQuota': 'Re-apply in a quota',
  'feature.organizationVacancyApply': 'Apply for an organization vacancy',
  'feature.rmisPaymentSuccess': 'Online payment succeeded page',
  'feature.rmisPaymentFailure': 'Online payment failed page',
  'feature.promotionApply': 'Apply for a promotion vacancy',
  'feature.register': 'Registration',
  'feature.existingUser': 'Existing user account',
  'feature.changePassword': 'Change password',

  'profileTab.personal': 'Personal details',
  'profileTab.contact': 'Contact details',
  'profileTab.education': 'Education',
  'profileTab.training': 'Training',
  'profileTab.professional': 'Professional council',
  'profileTab.extra': 'Extra details',
  'profileTab.experience': 'Experience',
  'profileTab.documents': 'Documents',
  'profileTab.preview': 'Preview',

  'notAvailable.title': 'Not available yet',
  'notAvailable.body': '"{feature}" is not available in the portal yet. It will be added in a later release.',
  'notAvailable.goHome': 'Go to home',
  'notAvailable.goLogin': 'Go to sign in',

  'home.welcome': 'Welcome, {name}',
  'home.dashboard': 'Dashboard',
  'home.refresh': 'Refresh',
  'home.mustChangePassword': 'You are using a temporary password. Please change your password.',

  'counter.activeSessions': 'Active sign-in sessions',
  'counter.applications': 'Applications',
  'counter.approvedApplications': 'Approved applications',
  'counter.admitCards': 'Admit cards',
  'counter.openVacancies': 'Open vacancies',
  'counter.profileSectionsCompleted': 'Profile sections completed',
  'counter.outOf': '{value} of {total}',
  'counter.other': 'Other count ({key})',

  'request.unreadable': 'The server sent an answer the portal could not read.',

  'crash.body': 'An unexpected error stopped this page. Refresh the page or go back to the previous page.',

  'faq.title': 'Frequently asked questions',
  'faq.intro': 'Short answers about signing in, registration and fees.',
  'faq.backToLogin': 'Back to sign in',
  'faq.signIn.q': 'How do I sign in?',
  'faq.signIn.a':
    'Use the user name or e-mail and the password you registered with. After registration a temporary password is sent to your e-mail: sign in with it and set a new password straight away.',
  'faq.password.q': 'What makes a valid new password?',
  'faq.password.a':
    'At least 8 characters, with at least one upper-case letter (A-Z), one lower-case letter (a-z) and one digit. The new password must differ from the old one.',
  'faq.register.q': 'How do I register?',
  'faq.register.a':
    'Register with your name in English and in Nepali, date of birth, citizenship details, e-mail and a 10-digit mobile number. Names and the user name may have at most 30 characters.',
  'faq.profile.q': 'What must I complete before applying?',
  'faq.profile.a':
    'Your profile has 8 sections. You cannot apply until the personal, extra and contact details, at least one education record, your citizenship, photograph and signature are in place.',
  'faq.fees.q': 'How do I pay the fee?',
  'faq.fees.a':
    'Pay the application fee at a bank and upload a photo of the voucher, or pay online. After the last date for submission you can still apply, with double fee, until the double-fee date.',
  'faq.files.q': 'Which files can I upload?',
  'faq.files.a':
    'Every file must be at most 500 KB. Photograph, signature, citizenship and voucher as JPG or PNG; certificates as PDF, JPEG or PNG; education transcripts as PDF.',
};
