import type { ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';

// Room allocation [PEC] by route path (routes/admin-routes.ts), spread into screen-registry.tsx;
// the three screens are one chunk, loaded when first opened.
const screens = () => import('./room-allocation-screens');
const RoomAllocationScreen = lazyScreen(screens, 'RoomAllocationScreen');
const ExamCenterRoomsScreen = lazyScreen(screens, 'ExamCenterRoomsScreen');
const AssignRoomsScreen = lazyScreen(screens, 'AssignRoomsScreen');

export const ROOM_ALLOCATION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'room-allocation': () => <RoomAllocationScreen />,
  'exam-center-rooms/:id/:approvedCount': () => <ExamCenterRoomsScreen />,
  'assign-rooms/:id/:examStatus': () => <AssignRoomsScreen />,
};
