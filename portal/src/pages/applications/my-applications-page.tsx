import { todayAd } from '@psc/core';
import { Alert, Button, Empty, Modal, Pagination, Radio, Select, Skeleton, Space, Tag, Timeline } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paymentReceiptPath } from '../../api/payments-api';
import { PayActions } from '../../components/pay-actions';
import {
  addQuotas,
  changeExamCentre,
  convertToDoubleFee,
  fetchMyApplication,
  fetchMyApplications,
  fetchVacancy,
  reapply,
  type ApplicationDetail,
  type ApplicationRow,
  type Option,
  type VacancyQuota,
} from '../../api/applications-api';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import { QuotaChoice } from './quota-choice';
import { StatusTags } from './receipt-card';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy-applied ("My Application"): my applications with filters, and for each the
// details: status, payment state, the timeline of what happened and why, the fees and payments;
// and what may be done now — pay, change the exam centre, apply in an additional quota,
// convert to the double fee after the voucher deadline (spec §4), re-apply with double fee.
// The server decides whether each is allowed; the buttons only appear when the dates say it may be.

const PAGE_SIZE = 10;
const STATUSES = ['pending', 'approved', 'partially-approved', 'rejected', 'expired'] as const;
const PAYMENT_STATES = ['unpaid', 'verification-pending', 'paid'] as const;

type Dialog = { kind: 'centre'; options: Option[] } | { kind: 'quota'; options: VacancyQuota[] } | null;

function ApplicationDetails({ row, onChanged }: { row: ApplicationRow; onChanged: () => void }) {
  const navigate = useNavigate();
  const { t, language, date, money } = useFormat();
  const [detail, setDetail] = useState<ApplicationDetail | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const today = todayAd();

  // The timeline's texts come from the server in the reading language: asked again when it changes.
  const load = useCallback(async () => {
    const result = await fetchMyApplication(row.applicationId);
    if (result.ok) setDetail(result.data);
  }, [row.applicationId]);

  useEffect(() => {
    void load();
  }, [load, language]);

  if (!detail) return <Skeleton active paragraph={{ rows: 3 }} />;

  const isOpenForChanges = detail.status === 'pending' && !!detail.lastDateForSubmission && today <= detail.lastDateForSubmission;
  const canConvert =
    detail.paymentState === 'unpaid' && detail.status !== 'expired' && !!detail.paymentLastDate && today > detail.paymentLastDate && !!detail.doubleFeeLastDate && today <= detail.doubleFeeLastDate;
  const dueChargeId = detail.dueChargeIds[0];

  const openDialog = async (kind: 'centre' | 'quota') => {
    const result = await fetchVacancy(detail.advertisementId);
    if (!result.ok) return;
    const taken = new Set(detail.quotas.map((quota) => quota.advertisementQuotaId));
    setChosen(kind === 'centre' ? [detail.examCentreId] : []);
    setDialog(kind === 'centre' ? { kind, options: result.data.examCentres } : { kind, options: result.data.quotas.filter((quota) => !taken.has(quota.advertisementQuotaId)) });
  };

  const saveDialog = async () => {
    if (!dialog || chosen.length === 0) return;
    setIsSaving(true);
    const result = dialog.kind === 'centre' ? await changeExamCentre(detail.applicationId, chosen[0]!) : await addQuotas(detail.applicationId, chosen);
    setIsSaving(false);
    if (result.ok) {
      setDialog(null);
      onChanged();
      void load();
    }
  };

  const confirmThen = (text: string, run: () => Promise<{ ok: boolean }>) => {
    Modal.confirm({
      title: text,
      okText: t('myApps.yes'),
      cancelText: t('myApps.no'),
      onOk: async () => {
        const result = await run();
        if (result.ok) {
          onChanged();
          void load();
        }
      },
    });
  };

  return (
    <div className="application-card__details" data-testid="application-details">
      {dueChargeId !== undefined ? (
        // One charge is paid at a time (the oldest due first): its own amount, not the sum due.
        <PayActions
          target={{
            chargeId: dueChargeId,
            amount: detail.charges.find((charge) => charge.id === dueChargeId)?.amount ?? detail.amountDue,
            advertisementCode: detail.advertisementCode,
            appliedOn: detail.submittedAt,
          }}
        />
      ) : null}
      <Space wrap className="application-card__actions">
        {isOpenForChanges ? (
          <>
            <Button onClick={() => void openDialog('centre')} data-testid="change-centre">
              {t('myApps.changeCentre')}
            </Button>
            <Button onClick={() => void openDialog('quota')} data-testid="add-quota">
              {t('myApps.addQuota')}
            </Button>
          </>
        ) : null}
        {canConvert ? (
          <Button danger onClick={() => confirmThen(t('myApps.convertConfirm'), () => convertToDoubleFee(detail.applicationId))} data-testid="convert-double-fee">
            {t('myApps.convert')}
          </Button>
        ) : null}
        {detail.status === 'expired' ? (
          <Button danger onClick={() => confirmThen(t('myApps.reapplyConfirm'), () => reapply(detail.applicationId))} data-testid="reapply">
            {t('myApps.reapply')}
          </Button>
        ) : null}
      </Space>

      <h3 className="application-card__section">{t('myApps.timeline')}</h3>
      <Timeline
        data-testid="application-timeline"
        items={detail.timeline.map((entry) => ({ key: entry.id, content: `${date(entry.at)} — ${entry.text}` }))}
      />

      <h3 className="application-card__section">{t('myApps.charges')}</h3>
      <dl className="facts">
        {detail.charges.map((charge) => (
          <div key={charge.id}>
            <dt>{t(`myApps.purpose.${charge.purpose}`)}</dt>
            <dd>
              {money(charge.amount)} <Tag>{t(`myApps.charge.${charge.status}`)}</Tag>
            </dd>
          </div>
        ))}
      </dl>

      <h3 className="application-card__section">{t('myApps.payments')}</h3>
      {detail.payments.length === 0 ? (
        <p className="muted">{t('myApps.noPayments')}</p>
      ) : (
        <dl className="facts" data-testid="application-payments">
          {detail.payments.map((payment) => (
            <div key={payment.id}>
              <dt>
                {t(`myApps.method.${payment.method}`)} · {date(payment.paidOn ?? payment.createdAt)}
              </dt>
              <dd>
                {money(payment.amount)} <Tag data-testid="payment-status">{t(`paymentStatus.${payment.status}`)}</Tag>
                {payment.status === 'completed' || payment.status === 'verified' ? (
                  <Button size="small" onClick={() => void navigate(paymentReceiptPath(payment.transactionUuid))} data-testid="payment-receipt-open">
                    {t('payReceipt.open')}
                  </Button>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      )}

      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'centre' ? t('myApps.changeCentre') : t('myApps.addQuota')}
        okText={t('myApps.save')}
        cancelText={t('myApps.cancel')}
        confirmLoading={isSaving}
        okButtonProps={{ disabled: chosen.length === 0 }}
        onOk={() => void saveDialog()}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'centre' ? (
          <Radio.Group
            className="apply-page__centres"
            value={chosen[0]}
            onChange={(event) => setChosen([Number(event.target.value)])}
            options={dialog.options.map((centre) => ({ value: centre.id, label: labelOf(centre, language) }))}
          />
        ) : dialog?.kind === 'quota' ? (
          <>
            {dialog.options.every((quota) => quota.claimable === false) ? <p>{t('myApps.noMoreQuotas')}</p> : null}
            <QuotaChoice quotas={dialog.options} value={chosen} onChange={setChosen} testId="add-quota-options" />
          </>
        ) : null}
      </Modal>
    </div>
  );
}

function ApplicationCard({ row, onChanged }: { row: ApplicationRow; onChanged: () => void }) {
  const { t, language, digits, date, money } = useFormat();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <article className="application-card" data-testid="application-card" data-receipt={row.receiptCode}>
      <h2 className="application-card__title">{nameIn(row, 'post', language) || nameIn(row, 'service', language)}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('vacancy.code', { code: digits(row.advertisementCode) })} · {t('receipt.code')}: {row.receiptCode}
      </p>
      <p style={{ margin: 0 }}>
        {t('receipt.quotas')}: {row.quotas.map((quota) => labelOf(quota, language)).join(', ')}
      </p>
      <p style={{ margin: 0 }}>
        {t('receipt.examCentre')}: {nameIn(row, 'examCentre', language)}
      </p>
      <p style={{ margin: 0 }} className="muted">
        {t('receipt.submittedAt')}: {date(row.submittedAt)}
      </p>
      <StatusTags row={row} />
      {row.amountDue > 0 ? (
        <p style={{ margin: 0 }}>
          {t('receipt.amountDue')}: <strong>{money(row.amountDue)}</strong>
        </p>
      ) : null}
      <Button type="link" onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen} data-testid="application-toggle">
        {isOpen ? t('myApps.hide') : t('myApps.details')}
      </Button>
      {isOpen ? <ApplicationDetails row={row} onChanged={onChanged} /> : null}
    </article>
  );
}

export default function MyApplicationsPage() {
  const { t } = useFormat();
  const [status, setStatus] = useState<string>('');
  const [paymentState, setPaymentState] = useState<string>('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<ApplicationRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchMyApplications({ status, paymentState, page, pageSize: PAGE_SIZE });
    if (result.ok) {
      setItems(result.data.items);
      setTotal(result.data.total);
      setError(null);
    } else {
      setError(result.message);
    }
  }, [status, paymentState, page]);

  useEffect(() => {
    void load();
  }, [load]);

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
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('myApps.empty')} />
      ) : (
        <>
          <p className="muted">{t('myApps.count', { count: total })}</p>
          {items.map((row) => (
            <ApplicationCard key={row.applicationId} row={row} onChanged={() => void load()} />
          ))}
          {total > PAGE_SIZE ? <Pagination simple current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} /> : null}
        </>
      )}
    </section>
  );
}
