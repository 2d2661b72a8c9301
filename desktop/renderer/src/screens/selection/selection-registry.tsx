import type { ComponentProps, ReactElement } from 'react';
import { lazyScreen } from '../lazy-screen';
import type * as SelectionScreens from './selection-screens';

// Written and final selection and verify-previous-selection by route path (routes/admin-routes.ts),
// spread into screen-registry.tsx; one chunk, loaded when first opened.
const screens = () => import('./selection-screens');
const SelectionAddScreen = lazyScreen<ComponentProps<typeof SelectionScreens.SelectionAddScreen>, 'SelectionAddScreen'>(screens, 'SelectionAddScreen');
const SelectionViewScreen = lazyScreen<ComponentProps<typeof SelectionScreens.SelectionViewScreen>, 'SelectionViewScreen'>(screens, 'SelectionViewScreen');
const VerifyPreviousSelectionScreen = lazyScreen<object, 'VerifyPreviousSelectionScreen'>(screens, 'VerifyPreviousSelectionScreen');

export const SELECTION_SCREENS: Readonly<Record<string, () => ReactElement>> = {
  'written-selection/add': () => <SelectionAddScreen kind="written" />,
  'written-selection/view': () => <SelectionViewScreen kind="written" />,
  'finalSelection/add-new-selection': () => <SelectionAddScreen kind="final" />,
  'finalSelection/view-new-selection': () => <SelectionViewScreen kind="final" />,
  'verify-previous-selection': () => <VerifyPreviousSelectionScreen />,
};
