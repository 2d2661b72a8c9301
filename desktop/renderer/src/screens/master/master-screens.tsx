import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// The master-data screens besides basic-configuration, by route path (routes/admin-routes.ts),
// spread into screen-registry.tsx; each module is a chunk of its own, loaded when first opened.
const MasterDataScreen = lazyScreen(() => import('./master-data-screen'), 'MasterDataScreen');
const qualifications = () => import('./qualification-screens');
const AcademicQualificationScreen = lazyScreen(qualifications, 'AcademicQualificationScreen');
const QualificationFormScreen = lazyScreen(qualifications, 'QualificationFormScreen');
const QualificationViewScreen = lazyScreen(qualifications, 'QualificationViewScreen');
const approvals = () => import('./approval-screens');
const ApprovalScreen = lazyScreen(approvals, 'ApprovalScreen');
const AdvertisementCountScreen = lazyScreen(approvals, 'AdvertisementCountScreen');

export const MASTER_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'academic-qualification': () => <AcademicQualificationScreen />,
  'create-qualification/:id': () => <QualificationFormScreen />,
  'view-qualification/:id': () => <QualificationViewScreen />,
  // Commission decisions (number and date) are a master type: the master-data screen, fixed to it.
  'configuration/decision': () => <MasterDataScreen fixedType="decisions" titleKey="route.decisionConfiguration" />,
  // Invigilators and their posts (spec §2 invigilator*, [MC]) are master types: the master-data
  // screen fixed to each; the "add" routes open on the empty form.
  'invigilator-list': () => <MasterDataScreen fixedType="invigilators" titleKey="route.invigilatorList" />,
  invigilator: () => <MasterDataScreen fixedType="invigilators" titleKey="route.invigilator" startAdding />,
  'invigilator-post-list': () => <MasterDataScreen fixedType="invigilator-posts" titleKey="route.invigilatorPostList" />,
  'invigilator-post': () => <MasterDataScreen fixedType="invigilator-posts" titleKey="route.invigilatorPost" startAdding />,
  approval: () => <ApprovalScreen />,
  'advertisement/get-count/:id': () => <AdvertisementCountScreen />,
};
