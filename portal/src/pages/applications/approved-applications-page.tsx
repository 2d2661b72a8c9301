import { useState } from 'react';
import { useFormat } from '../../hooks/use-format';
import { ApplicationList } from './application-list';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy-applied/approved ("approved application"): my applications scrutiny approved,
// wholly or in some quotas (partially approved), each with its quotas' outcome and its details.

const APPROVED = { outcome: 'approved' } as const;

export default function ApprovedApplicationsPage() {
  const { t } = useFormat();
  const [page, setPage] = useState(1);

  return (
    <section className="my-applications" aria-labelledby="approved-applications-title" data-testid="approved-applications">
      <h1 id="approved-applications-title" className="page-title">
        {t('approved.title')}
      </h1>
      <p className="muted">{t('approved.intro')}</p>
      <ApplicationList filter={APPROVED} page={page} onPage={setPage} emptyText={t('approved.empty')} />
    </section>
  );
}
