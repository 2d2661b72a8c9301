import type { ReactNode } from 'react';

// The label-value lines of a result card (advertisement, roll number, dates), one markup for every
// results page so they read and wrap the same at 360 px.

export type ResultFact = { label: string; value: ReactNode; testId?: string };

export function ResultFacts({ facts }: { facts: readonly ResultFact[] }) {
  return (
    <dl className="result-card__facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd data-testid={fact.testId}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
