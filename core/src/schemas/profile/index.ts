// One schema per profile section (spec §3), shared by the portal's forms and the API.
export * from './address';
export { DIVISIONS, personNameSchema, PROFILE_NOTE_MAX_LENGTH, PROFILE_TEXT_MAX_LENGTH, type Division } from './common';
export * from './declarations';
export * from './education';
export * from './experience';
export * from './extra';
export * from './inclusive-group';
export * from './personal';
export * from './professional-council';
export * from './profile-view';
export * from './training';
export * from './uploads';
