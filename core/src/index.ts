// @psc/core: domain rules shared by the API, the portal and the desktop. No I/O, no Node or
// browser APIs beyond the ECMAScript standard library and Intl.
export * from './calendar';
export * from './column-ranges';
export * from './errors';
export * from './i18n';
export * from './limits';
export * from './money';
export * from './numerals';
export * from './phone';
export * from './privileges';
export * from './notifications';
export * from './readable-colours';
export * from './schemas';
export * from './recruitment';
export * from './exams';
export * from './results';
export * from './backups';
