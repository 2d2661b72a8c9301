export * from './calendar';
export * from './numerals';
export * from './money';
