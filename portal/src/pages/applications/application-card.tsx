import { todayAd } from '@psc/core';
import { Alert, Button, Modal, Radio, Skeleton, Space, Tag, Timeline } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paymentReceiptPath } from '../../api/payments-api';
import { PayActions } from '../../components/pay-actions';
import {
  addQuotas,
  changeExamCentre,
  convertToDoubleFee,
  fetchMyApplication,
  fetchVacancy,
  reapply,
  type ApplicationDetail,
  type ApplicationRow,
  type Option,
  type VacancyQuota,
} from '../../api/applications-api';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import { AdmitCardSection } from './admit-card-section';
import { ExamScheduleSection } from './exam-schedule-section';
import { QuotaChoice } from './quota-choice';
import { StatusTags } from './receipt-card';

// One application in My applications and Approved applications (spec §2 /vacancy-applied and
// /vacancy-applied/approved): its status and, once scrutiny has decided, each quota's outcome and
// for a rejection whom to contact; opened, the details: the timeline of what happened and why,
// the fees and payments, and what may be done now — pay, change the exam centre, apply in an
// additional quota, convert to the double fee after the voucher deadline (spec §4), re-apply
// with double fee. The server decides whether each is allowed; the buttons only appear when the
// dates say it may be. Once issued, its admit card is on the card itself (spec §7).

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

      <ExamScheduleSection applicationId={detail.applicationId} />

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

const QUOTA_COLOURS: Record<string, string> = { pending: 'default', approved: 'green', rejected: 'red' };

/** Scrutiny has decided something: the application's status, or one of its quotas. */
function isDecided(row: ApplicationRow): boolean {
  return row.status !== 'pending' && row.status !== 'expired' ? true : row.quotas.some((quota) => quota.status === 'approved' || quota.status === 'rejected');
}

/** Each claimed quota with scrutiny's outcome in it (spec §4: partially approved = some quotas). */
function QuotaOutcomes({ row }: { row: ApplicationRow }) {
  const { t, language } = useFormat();
  return (
    <div className="quota-outcomes">
      <span>{t('myApps.quotaOutcome')}:</span>
      <ul className="quota-outcomes__list" data-testid="quota-outcomes">
        {row.quotas.map((quota) => (
          <li key={quota.advertisementQuotaId} data-testid="quota-outcome" data-quota={quota.code} data-status={quota.status ?? 'pending'}>
            {labelOf(quota, language)} <Tag color={QUOTA_COLOURS[quota.status ?? 'pending']}>{t(`quotaStatus.${quota.status ?? 'pending'}`)}</Tag>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A rejection, whole or of some quotas: where the reason is, and whom to contact. The spec has
 * no appeal in the portal; the office that ran the scrutiny (the advertisement's commission
 * office) is the one to ask.
 */
function ScrutinyHelp({ row }: { row: ApplicationRow }) {
  const { t, language } = useFormat();
  const status = row.status as 'rejected' | 'partially-approved';
  return (
    <Alert
      className="application-card__help"
      type={status === 'rejected' ? 'error' : 'warning'}
      showIcon
      data-testid="scrutiny-help"
      title={t(`scrutinyHelp.title.${status}`)}
      description={
        <>
          <p style={{ margin: 0 }}>{t('scrutinyHelp.reason')}</p>
          <p style={{ margin: 0 }}>{t('scrutinyHelp.contact', { office: nameIn(row, 'organization', language), receiptCode: row.receiptCode })}</p>
        </>
      }
    />
  );
}

export function ApplicationCard({ row, onChanged }: { row: ApplicationRow; onChanged: () => void }) {
  const { t, language, digits, date, money } = useFormat();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <article className="application-card" data-testid="application-card" data-receipt={row.receiptCode}>
      <h2 className="application-card__title">{nameIn(row, 'post', language) || nameIn(row, 'service', language)}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('vacancy.code', { code: digits(row.advertisementCode) })} · {t('receipt.code')}: {row.receiptCode}
      </p>
      {isDecided(row) ? (
        <QuotaOutcomes row={row} />
      ) : (
        <p style={{ margin: 0 }}>
          {t('receipt.quotas')}: {row.quotas.map((quota) => labelOf(quota, language)).join(', ')}
        </p>
      )}
      <p style={{ margin: 0 }}>
        {t('receipt.examCentre')}: {nameIn(row, 'examCentre', language)}
      </p>
      {row.rollNumber !== null && row.rollNumber !== undefined ? (
        <p style={{ margin: 0 }} data-testid="roll-number">
          {t('myApps.rollNumber')}: <strong>{digits(row.rollNumber)}</strong>
        </p>
      ) : null}
      <p style={{ margin: 0 }} className="muted">
        {t('receipt.submittedAt')}: {date(row.submittedAt)}
      </p>
      <StatusTags row={row} />
      {row.status === 'rejected' || row.status === 'partially-approved' ? <ScrutinyHelp row={row} /> : null}
      {row.amountDue > 0 ? (
        <p style={{ margin: 0 }}>
          {t('receipt.amountDue')}: <strong>{money(row.amountDue)}</strong>
        </p>
      ) : null}
      <AdmitCardSection row={row} />
      <Button type="link" onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen} data-testid="application-toggle">
        {isOpen ? t('myApps.hide') : t('myApps.details')}
      </Button>
      {isOpen ? <ApplicationDetails row={row} onChanged={onChanged} /> : null}
    </article>
  );
}

