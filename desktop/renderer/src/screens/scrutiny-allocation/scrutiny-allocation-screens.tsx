import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// The staff scrutiny allocation screens by route path (routes/admin-routes.ts), spread into
// screen-registry.tsx; each module is a chunk of its own, loaded when first opened.
const allocation = () => import('./allocation-screens');
const ScrutinyAllocationListScreen = lazyScreen(allocation, 'ScrutinyAllocationListScreen');
const ScrutinyAllocationDetailScreen = lazyScreen(allocation, 'ScrutinyAllocationDetailScreen');
const reallocation = () => import('./reallocation-screens');
const ReAllocationScreen = lazyScreen(reallocation, 'ReAllocationScreen');
const ScrutinySwitchScreen = lazyScreen(reallocation, 'ScrutinySwitchScreen');
const reports = () => import('./allocation-report-screens');
const AllocationHistoryScreen = lazyScreen(reports, 'AllocationHistoryScreen');
const AllocationReportScreen = lazyScreen(reports, 'AllocationReportScreen');
const IndividualAllocationReportScreen = lazyScreen(reports, 'IndividualAllocationReportScreen');

export const SCRUTINY_ALLOCATION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'scrutiny-allocation': () => <ScrutinyAllocationListScreen />,
  'scrutiny-allocation/:id': () => <ScrutinyAllocationDetailScreen />,
  're-allocation/:id': () => <ReAllocationScreen />,
  'scrutiny-reallocation/:id': () => <ScrutinySwitchScreen />,
  'scrutiny-allocation-history': () => <AllocationHistoryScreen />,
  'allocation/report': () => <AllocationReportScreen />,
  'allocation/reportIndividual/:userDetails': () => <IndividualAllocationReportScreen />,
};
