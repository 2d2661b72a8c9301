import type { Profile } from '../profile-types';

/** What every profile tab receives from the page. */
export type TabProps = {
  profile: Profile;
  /** spec §4: a locked profile cannot be changed; its forms show but do not save. */
  isLocked: boolean;
};
