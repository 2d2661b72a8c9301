export * from './exam-papers';
export * from './roll-numbers';
export * from './exam-schedule';
export * from './seating';
export * from './centre-allocation';
export * from './room-allocation';
export * from './admit-card-statement';
export * from './exam-documents';
