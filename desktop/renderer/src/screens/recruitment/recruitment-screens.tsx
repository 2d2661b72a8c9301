import type { ReactElement } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { AddQuotaScreen, ChangeAdvertisementDateScreen, ConfigureOptionalSubjectScreen, PublishAdvertisementScreen } from './advertisement-config-screens';
import { AdvertisementDetailsScreen } from './advertisement-details-screen';
import { AdvertisementListScreen } from './advertisement-list-screen';
import { AdvertisementReportScreen, AdvertisementStatusScreen } from './advertisement-report-screens';
import { DistributionApprovalScreen, PercentageDistributionScreen } from './distribution-screens';
import { AddPromotionScreen, ApprovePromotionScreen, RelevanceCreateScreen, RelevanceListScreen } from './promotion-screens';
import { RequisitionFormScreen } from './requisition-form-screen';
import { RequisitionListScreen } from './requisition-list-screen';

// The issue 6 screens by route path (routes/admin-routes.ts), spread into screen-registry.tsx.

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
