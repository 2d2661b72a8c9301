import { Select } from 'antd';
import { useState } from 'react';
import { useFormat } from '../../hooks/use-format';
import { ApplicationList } from './application-list';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy-applied ("My Application"): my applications with filters; each card
// (application-card) shows its details and what may be done now.

const STATUSES = ['pending', 'approved', 'partially-approved', 'rejected', 'expired'] as const;
const PAYMENT_STATES = ['unpaid', 'verification-pending', 'paid'] as const;

export default function MyApplicationsPage() {
  const { t } = useFormat();
  const [status, setStatus] = useState<string>('');
  const [paymentState, setPaymentState] = useState<string>('');
  const [page, setPage] = useState(1);
  return (
    <section className="my-applications" aria-labelledby="my-applications-title">
      <h1 id="my-applications-title" className="page-title">
        {t('myApps.title')}
      </h1>
      <div className="my-applications__filters">
        <Select
          aria-label={t('myApps.status')}
          value={status}
          onChange={(value: string) => {
            setStatus(value);
            setPage(1);
          }}
          options={[{ value: '', label: `${t('myApps.status')}: ${t('myApps.all')}` }, ...STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))]}
          data-testid="filter-status"
        />
        <Select
          aria-label={t('myApps.paymentState')}
          value={paymentState}
          onChange={(value: string) => {
            setPaymentState(value);
            setPage(1);
          }}
          options={[{ value: '', label: `${t('myApps.paymentState')}: ${t('myApps.all')}` }, ...PAYMENT_STATES.map((value) => ({ value, label: t(`paymentState.${value}`) }))]}
          data-testid="filter-payment"
        />
      </div>
      <ApplicationList filter={{ status, paymentState }} page={page} onPage={setPage} emptyText={t('myApps.empty')} />
    </section>
  );
}
