import type { VerificationGroup } from '@psc/core';
import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// The staff payment screens by route path (routes/admin-routes.ts), spread into screen-registry.tsx;
// each module is a chunk of its own, loaded when first opened (screens/lazy-screen.ts).
const verification = () => import('./payment-verification-screen');
const PaymentVerificationScreen = lazyScreen(verification, 'PaymentVerificationScreen');
const tools = () => import('./payment-tools-screens');
const PaymentListScreen = lazyScreen(tools, 'PaymentListScreen');
const PaymentUpdateScreen = lazyScreen(tools, 'PaymentUpdateScreen');
const EbpCodeScreen = lazyScreen(tools, 'EbpCodeScreen');
const RenameEbpCodeScreen = lazyScreen(tools, 'RenameEbpCodeScreen');
const CheckSynchronisedPaymentScreen = lazyScreen(tools, 'CheckSynchronisedPaymentScreen');
const CheckPaymentByEbpCodeScreen = lazyScreen(tools, 'CheckPaymentByEbpCodeScreen');
const CompareRmisScreen = lazyScreen(tools, 'CompareRmisScreen');
const AdvertisementPaymentUpdateScreen = lazyScreen(tools, 'AdvertisementPaymentUpdateScreen');
const reports = () => import('./payment-report-screens');
const ApplicationCountReportScreen = lazyScreen(reports, 'ApplicationCountReportScreen');
const ReApplicantReportScreen = lazyScreen(reports, 'ReApplicantReportScreen');
const DeleteCandidateApplicationScreen = lazyScreen(reports, 'DeleteCandidateApplicationScreen');

const group = (value: VerificationGroup) => () => <PaymentVerificationScreen key={value} group={value} />;

export const PAYMENT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  payment: () => <PaymentListScreen />,
  'payment/update': () => <PaymentUpdateScreen />,
  'payment/ebpCode': () => <EbpCodeScreen />,
  'payment/renameEbpCode': () => <RenameEbpCodeScreen />,
  'payment/checkSynchronisedPayment': () => <CheckSynchronisedPaymentScreen />,
  'payment/checkPaymentByEbpCode': () => <CheckPaymentByEbpCodeScreen />,
  'payment-verification': group('submitted'),
  'payment-verification/submitted': group('submitted'),
  'payment-verification/approved': group('approved'),
  'payment-verification/rejected': group('rejected'),
  'payment-verification/noVerification': group('noVerification'),
  'payment-verification/implemented': group('implemented'),
  'payment-verification/government': group('government'),
  'payment-verification/governmentImplemented': group('governmentImplemented'),
  'payment-verification/governmentRejected': group('governmentRejected'),
  'compare-rmis-data': () => <CompareRmisScreen />,
  'advertisement/payment/update': () => <AdvertisementPaymentUpdateScreen />,
  'application-count-report': () => <ApplicationCountReportScreen />,
  'application-count-report/:advtCode/:fiscalYear': () => <ApplicationCountReportScreen />,
  're-applicant-report': () => <ReApplicantReportScreen />,
  'delete-candidate-application': () => <DeleteCandidateApplicationScreen />,
};
