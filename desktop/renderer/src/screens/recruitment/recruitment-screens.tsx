import type { ComponentProps, ReactElement } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { lazyScreen } from '../lazy-screen';
import type { AdvertisementListScreen as AdvertisementListShape } from './advertisement-list-screen';
import type { RequisitionListScreen as RequisitionListShape } from './requisition-list-screen';

// Each screen is a chunk of its own, loaded when first opened (screens/lazy-screen.ts).
const config = () => import('./advertisement-config-screens');
const AddQuotaScreen = lazyScreen(config, 'AddQuotaScreen');
const ChangeAdvertisementDateScreen = lazyScreen(config, 'ChangeAdvertisementDateScreen');
const ConfigureOptionalSubjectScreen = lazyScreen(config, 'ConfigureOptionalSubjectScreen');
const PublishAdvertisementScreen = lazyScreen(config, 'PublishAdvertisementScreen');
const AdvertisementDetailsScreen = lazyScreen(() => import('./advertisement-details-screen'), 'AdvertisementDetailsScreen');
// Named props: these modules export other components too, which would confuse the inference.
const AdvertisementListScreen = lazyScreen<ComponentProps<typeof AdvertisementListShape>, 'AdvertisementListScreen'>(
  () => import('./advertisement-list-screen'),
  'AdvertisementListScreen',
);
const reports = () => import('./advertisement-report-screens');
const AdvertisementReportScreen = lazyScreen(reports, 'AdvertisementReportScreen');
const AdvertisementStatusScreen = lazyScreen(reports, 'AdvertisementStatusScreen');
const distribution = () => import('./distribution-screens');
const DistributionApprovalScreen = lazyScreen(distribution, 'DistributionApprovalScreen');
const PercentageDistributionScreen = lazyScreen(distribution, 'PercentageDistributionScreen');
const promotion = () => import('./promotion-screens');
const AddPromotionScreen = lazyScreen(promotion, 'AddPromotionScreen');
const ApprovePromotionScreen = lazyScreen(promotion, 'ApprovePromotionScreen');
const RelevanceCreateScreen = lazyScreen(promotion, 'RelevanceCreateScreen');
const RelevanceListScreen = lazyScreen(promotion, 'RelevanceListScreen');
const RequisitionFormScreen = lazyScreen(() => import('./requisition-form-screen'), 'RequisitionFormScreen');
const RequisitionListScreen = lazyScreen<ComponentProps<typeof RequisitionListShape>, 'RequisitionListScreen'>(
  () => import('./requisition-list-screen'),
  'RequisitionListScreen',
);

// The staff recruitment screens by route path (routes/admin-routes.ts), spread into screen-registry.tsx.

function RequisitionList({ mode }: { mode: 'entry' | 'approval' }) {
  const { t } = useLanguage();
  return <RequisitionListScreen mode={mode} title={t(mode === 'approval' ? 'route.approveRequisition' : 'route.requisitions')} />;
}

/**
 * service-requisition/design: the spec names the route and nothing else. Here it is the desk of
 * requisitions BY SERVICE: only those, with their quota columns and fees, and the button to add
 * one; the same list and details as the requisition screen, kept to one kind.
 */
function ServiceRequisitionDesign() {
  const { t } = useLanguage();
  return <RequisitionListScreen mode="entry" fixedKind="service" title={t('route.designServiceRequisition')} />;
}

function AdvertisementList() {
  const { t } = useLanguage();
  return <AdvertisementListScreen title={t('route.advertisementList')} testId="advertisement-list" />;
}

export const RECRUITMENT_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  requisitions: () => <RequisitionList mode="entry" />,
  requisition: () => <RequisitionList mode="entry" />,
  'requisition/post-requisition/add/:identity': () => <RequisitionFormScreen kind="post" mode="add" />,
  'requisition/post-requisition/edit/:identity': () => <RequisitionFormScreen kind="post" mode="edit" />,
  'requisition/service-requisition/add/:identity': () => <RequisitionFormScreen kind="service" mode="add" />,
  'requisition/service-requisition/design': () => <ServiceRequisitionDesign />,
  'approval/requisition': () => <RequisitionList mode="approval" />,
  'percentage-distribution': () => <PercentageDistributionScreen />,
  'approval/percentage-distribution': () => <DistributionApprovalScreen />,
  'publish-advertisement': () => <PublishAdvertisementScreen />,
  'change-advertisement-date': () => <ChangeAdvertisementDateScreen />,
  'configure-optional-subject/:id': () => <ConfigureOptionalSubjectScreen />,
  advertisementlist: () => <AdvertisementList />,
  advertisementlistDetails: () => <AdvertisementDetailsScreen />,
  'addQuotaToExistingAdvertisements/:requisitionId/:classId': () => <AddQuotaScreen />,
  'bigyapan/status': () => <AdvertisementStatusScreen />,
  'advertisement-report': () => <AdvertisementReportScreen />,
  'configuratuin/add-promotion': () => <AddPromotionScreen />,
  'configuration/approve-promotion': () => <ApprovePromotionScreen />,
  'configuration/relevance': () => <RelevanceListScreen />,
  'configuration/relevance/view': () => <RelevanceListScreen />,
  'configuration/relevance/create': () => <RelevanceCreateScreen />,
};
