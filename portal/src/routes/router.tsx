import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../components/error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import { withAllTexts } from '../i18n';
import { PublicOnly, RequireSession, UnknownPath } from './guards';
import { loadAntdFrame, loadHomePage, loadProfilePage, loadSignedInLayout, loadVacancyPage } from './menu-pages';
import { CHANGE_PASSWORD_PATH, RequirePasswordChanged } from './password-change-guard';

// spec §2 routes. Every page is its own chunk (React.lazy), so the first load carries only the
// shell; a page whose feature is not built yet says so plainly instead of rendering nothing.
// The sign-in page, the FAQ and the registration are drawn without antd; every other page sits in
// AntdFrame (antd's theme, a chunk of its own), so a phone opening /login or /register downloads
// no antd before it can sign in or register. The first screens (sign-in, FAQ, registration, the
// vacancy list) render with the first-screen texts, the sign-in page, the FAQ and the registration
// without i18next (i18n/texts.ts); every other page waits for i18next (withI18next) and its
// language's whole catalogue (withAllTexts).

/** What React.lazy accepts as a page. */
type LazyPage = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];
/** A page that reads texts beyond the first screens' (withAllTexts). */
const pageWithAllTexts = <Page extends LazyPage>(load: () => Promise<{ default: Page }>) => lazy(withAllTexts(load));

const AntdFrame = lazy(loadAntdFrame);

const LoginPage = lazy(() => import('../pages/login-page'));
const FaqPage = lazy(() => import('../pages/faq-page'));
const HomePage = lazy(loadHomePage);
// Candidate profile: the page, and each of its tabs, are chunks of their own.
const ProfilePage = lazy(loadProfilePage);
// Candidate account.
const RegisterPage = lazy(() => import('../pages/account/register-page'));
const ExistingUserPage = pageWithAllTexts(() => import('../pages/account/existing-user-page'));
const ResetPasswordPage = pageWithAllTexts(() => import('../pages/account/reset-password-page'));
const ChangePasswordPage = pageWithAllTexts(() => import('../pages/account/change-password-page'));
const DeactivateAccountPage = pageWithAllTexts(() => import('../pages/account/deactivate-account-page'));
// Public advertisements for candidates.
const VacancyPage = lazy(loadVacancyPage);
// Apply and pay.
const ApplyPage = pageWithAllTexts(() => import('../pages/applications/apply-page'));
const MyApplicationsPage = pageWithAllTexts(() => import('../pages/applications/my-applications-page'));
const ApprovedApplicationsPage = pageWithAllTexts(() => import('../pages/applications/approved-applications-page'));
const VoucherUploadPage = pageWithAllTexts(() => import('../pages/payments/voucher-upload-page'));
const PaymentReturnPage = pageWithAllTexts(() => import('../pages/payments/payment-return-page'));
const PaymentReceiptPage = pageWithAllTexts(() => import('../pages/payments/payment-receipt-page'));
const EbpVerificationPage = pageWithAllTexts(() => import('../pages/payments/ebp-verification-page'));
const EbpLocalVerificationPage = pageWithAllTexts(async () => ({ default: (await import('../pages/payments/ebp-verification-page')).EbpLocalVerificationPage }));
const PromotionVacancyPage = pageWithAllTexts(async () => ({ default: (await import('../pages/promotion/promotion-pages')).PromotionVacancyPage }));
const PromotionApplyPage = pageWithAllTexts(async () => ({ default: (await import('../pages/promotion/promotion-pages')).PromotionApplyPage }));
// Admit cards (spec §7): the card, old admit cards, and the public check its QR opens.
const AdmitCardPage = pageWithAllTexts(() => import('../pages/admit-card/admit-card-page'));
const OldAdmitCardsPage = pageWithAllTexts(() => import('../pages/admit-card/old-admit-cards-page'));
const VerifyAdmitCardPage = pageWithAllTexts(() => import('../pages/admit-card/verify-admit-card-page'));
// Results: the candidate's own, the certificates of a final selection, the public lookup and the published lists.
const MyResultsPage = pageWithAllTexts(() => import('../pages/results/my-results-page'));
const CertificatesPage = pageWithAllTexts(() => import('../pages/results/certificates-page'));
const ResultLookupPage = pageWithAllTexts(() => import('../pages/results/result-lookup-page'));
const PublishedResultsPage = pageWithAllTexts(() => import('../pages/results/published-results-page'));
const PublicLayout = lazy(() => import('../layout/public-layout'));
const SignedInLayout = lazy(loadSignedInLayout);

/** Signed-in candidate routes of spec §2, in the order the spec lists them. */
const signedInRoutes: RouteObject[] = [
  { path: '/home', element: <HomePage /> },
  { path: '/user/profile', element: <ProfilePage /> },
  { path: '/user/profile/:tab', element: <ProfilePage /> },
  // My applications; the re-apply routes open them, where re-applying with the double fee is offered.
  { path: '/vacancy-applied', element: <MyApplicationsPage /> },
  { path: '/vacancy-applied/promotion', element: <PromotionVacancyPage /> },
  { path: '/vacancy-applied/approved', element: <ApprovedApplicationsPage /> },
  // The admit card of one of my applications (not a spec route: the owner's only, by its id).
  { path: '/vacancy-applied/admit-card/:id', element: <AdmitCardPage /> },
  { path: '/vacancy-applied/download/old-admit-card', element: <OldAdmitCardsPage /> },
  { path: '/vacancy-applied/download/certificate', element: <CertificatesPage /> },
  { path: '/vacancy-applied/results', element: <MyResultsPage /> },
  { path: '/re-apply/quota/:encodedParams/:encodedMasterId/:encodedReqId/:encodedFormContent', element: <MyApplicationsPage /> },
  { path: '/ebp-code-verification', element: <EbpVerificationPage /> },
  { path: '/ebp-code-local-verification', element: <EbpLocalVerificationPage /> },
  { path: '/voucher-upload/:id/:advtCode/:applydate/:masterid/:bankCode/:remainingPayment', element: <VoucherUploadPage /> },
  { path: '/promotion-voucher-upload/:id', element: <VoucherUploadPage kind="promotion" /> },
  { path: '/vacancy/:id/:masterid/:reqid/:values', element: <ApplyPage /> },
  { path: '/vacancy/reapply/quota/:id/:masterid/:values', element: <MyApplicationsPage /> },
  { path: '/organization/vacancy/:id/:masterid/:reqid/:values', element: <ApplyPage /> },
  { path: '/rmis/payment/success', element: <PaymentReturnPage outcome="success" /> },
  { path: '/rmis/payment/failure', element: <PaymentReturnPage outcome="failure" /> },
  // A paid fee's receipt (not a spec route): the owner's only, by the unguessable transaction id.
  { path: '/payment-receipt/:transactionUuid', element: <PaymentReceiptPage /> },
  { path: '/deactivate-account', element: <DeactivateAccountPage /> },
  { path: '/vacancy', element: <VacancyPage /> },
  { path: '/organization/vacancy', element: <VacancyPage isOrganization /> },
  { path: '/promotion/vacancy/apply/:id', element: <PromotionApplyPage /> },
  { path: '/promotion/vacancy', element: <PromotionVacancyPage /> },
  // The signed-in "change password" screen of spec §2's screen list (no path of its own there).
  { path: CHANGE_PASSWORD_PATH, element: <ChangePasswordPage /> },
];

function Root() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/faq', element: <FaqPage /> },
              { path: '/register', element: <RegisterPage /> },
              {
                element: <AntdFrame />,
                children: [{ path: '/exisiting-user', element: <ExistingUserPage /> }],
              },
            ],
          },
        ],
      },
      // spec §2: open to signed-in and signed-out users alike.
      {
        element: <PublicLayout />,
        children: [
          {
            element: <AntdFrame />,
            children: [
              { path: '/change/password/:tokenid', element: <ResetPasswordPage /> },
              // DESIGN "Signed documents": whoever scans an admit card's QR, signed in or not.
              { path: '/verify', element: <VerifyAdmitCardPage /> },
              // A published result by roll number and date of birth, signed in or not.
              { path: '/results', element: <ResultLookupPage /> },
              // spec §2: the published written and final lists, signed in or not.
              { path: '/results/published', element: <PublishedResultsPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AntdFrame />,
            children: [{ element: <SignedInLayout />, children: [{ element: <RequirePasswordChanged />, children: signedInRoutes }] }],
          },
        ],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
