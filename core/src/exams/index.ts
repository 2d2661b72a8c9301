export * from './exam-papers';
