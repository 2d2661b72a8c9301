export * from './advertisement-lifecycle';
export * from './distribute-vacancies';
export * from './fiscal-year';
export * from './application-fee';
export * from './application-states';
export * from './eligibility';
export * from './scrutiny';
export * from './scrutiny-decisions';
