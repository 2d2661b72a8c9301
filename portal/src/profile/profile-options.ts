// Every enumerated value of spec §3 as core defines it, with the catalogue key of its label
// (profileForm.option.<group>.<value>, in both languages): @psc/core holds the groups and the
// labels, shared with the staff workstation's fullDetails screen.
export {
  ADDRESS_KINDS as ADDRESS_KIND_NAMES,
  PROFILE_OPTION_GROUPS as OPTION_GROUPS,
  profileOptionKey as optionKey,
  type AddressKind as AddressKindName,
  type ProfileOptionGroup as OptionGroup,
} from '@psc/core';
