import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../components/error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import type { FeatureKey } from '../pages/not-available-page';
import { PublicOnly, RequireSession, UnknownPath } from './guards';
import { CHANGE_PASSWORD_PATH, RequirePasswordChanged } from './password-change-guard';

// spec §2 routes. Every page is its own chunk (React.lazy), so the first load carries only the
// shell; a page whose feature is not built yet says so plainly instead of rendering nothing.

const LoginPage = lazy(() => import('../pages/login-page'));
const FaqPage = lazy(() => import('../pages/faq-page'));
const HomePage = lazy(() => import('../pages/home-page'));
const NotAvailablePage = lazy(() => import('../pages/not-available-page'));
// Candidate profile (issue 4): the page, and each of its tabs, are chunks of their own.
const ProfilePage = lazy(() => import('../profile/profile-page'));
// Candidate account (issue 4).
const RegisterPage = lazy(() => import('../pages/account/register-page'));
const ExistingUserPage = lazy(() => import('../pages/account/existing-user-page'));
const ResetPasswordPage = lazy(() => import('../pages/account/reset-password-page'));
const ChangePasswordPage = lazy(() => import('../pages/account/change-password-page'));
const DeactivateAccountPage = lazy(() => import('../pages/account/deactivate-account-page'));
// Public advertisements for candidates (issue 6).
const VacancyPage = lazy(() => import('../pages/vacancy/vacancy-page'));
const PublicLayout = lazy(() => import('../layout/public-layout'));
const SignedInLayout = lazy(() => import('../layout/signed-in-layout'));

function notAvailable(path: string, feature: FeatureKey): RouteObject {
  return { path, element: <NotAvailablePage feature={feature} /> };
}

/** Signed-in candidate routes of spec §2, in the order the spec lists them. */
const signedInRoutes: RouteObject[] = [
  { path: '/home', element: <HomePage /> },
  { path: '/user/profile', element: <ProfilePage /> },
  { path: '/user/profile/:tab', element: <ProfilePage /> },
  notAvailable('/vacancy-applied', 'nav.myApplications'),
  notAvailable('/vacancy-applied/promotion', 'nav.promotionApplications'),
  notAvailable('/vacancy-applied/approved', 'nav.approvedApplications'),
  notAvailable('/vacancy-applied/download/certificate', 'nav.certificate'),
  notAvailable('/vacancy-applied/results', 'nav.results'),
  notAvailable('/vacancy-applied/download/old-admit-card', 'nav.oldAdmitCard'),
  notAvailable('/re-apply/quota/:encodedParams/:encodedMasterId/:encodedReqId/:encodedFormContent', 'feature.reapplyQuota'),
  notAvailable('/ebp-code-verification', 'nav.ebpVerification'),
  notAvailable('/ebp-code-local-verification', 'nav.ebpLocalVerification'),
  notAvailable('/voucher-upload/:id/:advtCode/:applydate/:masterid/:bankCode/:remainingPayment', 'feature.voucherUpload'),
  notAvailable('/promotion-voucher-upload/:id', 'feature.promotionVoucherUpload'),
  notAvailable('/vacancy/:id/:masterid/:reqid/:values', 'feature.vacancyApply'),
  notAvailable('/vacancy/reapply/quota/:id/:masterid/:values', 'feature.vacancyReapplyQuota'),
  notAvailable('/organization/vacancy/:id/:masterid/:reqid/:values', 'feature.organizationVacancyApply'),
  notAvailable('/rmis/payment/success', 'feature.rmisPaymentSuccess'),
  notAvailable('/rmis/payment/failure', 'feature.rmisPaymentFailure'),
  { path: '/deactivate-account', element: <DeactivateAccountPage /> },
  { path: '/vacancy', element: <VacancyPage /> },
  notAvailable('/organization/vacancy', 'nav.organizationVacancy'),
  notAvailable('/promotion/vacancy/apply/:id', 'feature.promotionApply'),
  notAvailable('/promotion/vacancy', 'nav.promotionVacancy'),
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
              { path: '/exisiting-user', element: <ExistingUserPage /> },
            ],
          },
        ],
      },
      // spec §2: open to signed-in and signed-out users alike.
      {
        element: <PublicLayout />,
        children: [{ path: '/change/password/:tokenid', element: <ResetPasswordPage /> }],
      },
      {
        element: <RequireSession />,
        children: [{ element: <SignedInLayout />, children: [{ element: <RequirePasswordChanged />, children: signedInRoutes }] }],
      },
      { path: '*', element: <UnknownPath /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
