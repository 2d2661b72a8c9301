export * from './exam-papers';
export * from './roll-numbers';
