import { type AdvertisementAction, type AdvertisementTransition, formatDigits, formatMoney } from '@psc/core';
import { App, Button, Card, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ScrollRegion } from '../../components/scroll-region';
import { DualDate } from '../../components/dual-date';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { useApiQuery } from '../../hooks/use-api-query';
import { AdvertisementListScreen } from './advertisement-list-screen';
import { historyOf, joined, nameOf, numberLabelsOf, type AdvertisementDetail, type AdvertisementNumber, type AdvertisementQuota } from './recruitment-api';
import { ErrorAlert } from '../../components/error-alert';
import { RemarkModal, type RemarkDecision } from '../../components/remark-modal';
import { StatusTag } from './recruitment-parts';

// spec §2 advertisementlistDetails: one advertisement with its dates (B.S. beside A.D.), ages,
// fees, quotas with their advertisement numbers old and new, exam centres, optional subjects and
// the status history; its buttons are the actions the API says are allowed now (allowedActions,
// from the lifecycle table of @psc/core), so a button for a refused transition is never shown.

const KNOWN_ACTIONS = new Set(['create', 'configure', 'pre-live', 'publish', 'reject', 'close', 'open', 'change-dates', 'update-number', 'configure-options', 'add-quota']);

const TRANSITIONS: readonly AdvertisementTransition[] = ['pre-live', 'publish', 'reject', 'close', 'open'];

/** Runs one lifecycle transition; reject needs a remark (spec §4 "reject pending"). */
export function useTransitions(advertisement: AdvertisementDetail | null, onDone: () => Promise<void>) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [decision, setDecision] = useState<RemarkDecision | null>(null);

  async function run(action: AdvertisementTransition, remarks: string | null): Promise<boolean> {
    if (!advertisement) return false;
    const result = await callApi(`/api/admin/advertisements/${advertisement.id}/${action}`, { method: 'POST', body: remarks ? { remarks } : {} });
    if (!result.ok) {
      const details = Object.values(result.errors ?? {}).flat();
      void message.error([result.message, ...details].join(' '));
      return false;
    }
    void message.success(result.message || t('recruitment.saved'));
    await onDone();
    return true;
  }

  function start(action: AdvertisementTransition) {
    if (!advertisement) return;
    const label = t(`recruitment.action.${action}`);
    const question = t('recruitment.confirm.transition', { action: label, code: formatDigits(advertisement.code, language) });
    if (action === 'reject') {
      setDecision({ title: label, question, okText: label, danger: true, onConfirm: (remarks) => run(action, remarks) });
      return;
    }
    Modal.confirm({
      title: label,
      content: question,
      okText: label,
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'transition-confirm' },
      onOk: () => run(action, null),
    });
  }

  const buttons = (
    <Space wrap>
      {TRANSITIONS.filter((action) => advertisement?.allowedActions.includes(action)).map((action) => (
        <Button key={action} type={action === 'publish' ? 'primary' : 'default'} danger={action === 'reject' || action === 'close'} onClick={() => start(action)} data-testid={`action-${action}`}>
          {t(`recruitment.action.${action}`)}
        </Button>
      ))}
    </Space>
  );
  return { buttons, modal: <RemarkModal decision={decision} onClose={() => setDecision(null)} /> };
}

/** spec §5 "Updating an advertisement number requires a new number": generate one, then put it on the quota. */
function UpdateNumberModal({ advertisement, quota, onClose, onDone }: { advertisement: AdvertisementDetail; quota: AdvertisementQuota; onClose: () => void; onDone: () => Promise<void> }) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const [fresh, setFresh] = useState<AdvertisementNumber | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    const result = await callApi<AdvertisementNumber>(`/api/admin/advertisements/${advertisement.id}/numbers`, { method: 'POST', body: {} });
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setFresh(result.data);
    setError(null);
  }

  async function save() {
    if (!fresh) {
      setError(t('recruitment.newNumberFirst'));
      return;
    }
    const result = await callApi(`/api/admin/advertisements/${advertisement.id}/quotas/${quota.quotaId}/number`, { method: 'PUT', body: { advertisementNumberId: fresh.id } });
    if (!result.ok) {
      setError([result.message, ...Object.values(result.errors ?? {}).flat()].join(' '));
      return;
    }
    void message.success(result.message || t('recruitment.saved'));
    await onDone();
    onClose();
  }

  return (
    <Modal open title={t('recruitment.updateNumber')} okText={t('recruitment.save')} cancelText={t('common.cancel')} onOk={() => void save()} onCancel={onClose} okButtonProps={{ 'data-testid': 'update-number-save' }}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('recruitment.quota')}>{nameOf(quota, language)}</Descriptions.Item>
        <Descriptions.Item label={t('recruitment.currentNumber')}>{formatDigits(numberLabelsOf(quota).current, language)}</Descriptions.Item>
        <Descriptions.Item label={t('recruitment.newNumber')}>
          {fresh ? (
            <Tag color="blue" data-testid="update-number-new">
              {formatDigits(fresh.label, language)}
            </Tag>
          ) : (
            <Button size="small" onClick={() => void generate()} data-testid="update-number-generate">
              {t('recruitment.generateNumber')}
            </Button>
          )}
        </Descriptions.Item>
      </Descriptions>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Modal>
  );
}

export function AdvertisementDetailsScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { t } = useLanguage();
  if (!id) {
    return <AdvertisementListScreen title={t('route.advertisementListDetails')} testId="advertisement-details-pick" />;
  }
  return <AdvertisementDetails id={id} />;
}

function can(detail: AdvertisementDetail | null, action: AdvertisementAction): boolean {
  return detail?.allowedActions.includes(action) ?? false;
}

export function AdvertisementDetails({ id }: { id: string }) {
  const { t, language } = useLanguage();
  const navigate = useNavigate();
  const advertisement = useApiQuery<AdvertisementDetail>(`/api/admin/advertisements/${id}`);
  const detail = advertisement.data;
  const transitions = useTransitions(detail, advertisement.reload);
  const [numberQuota, setNumberQuota] = useState<AdvertisementQuota | null>(null);

  return (
    <Card
      title={detail ? `${t('recruitment.advertisement')} ${formatDigits(detail.code, language)}` : t('route.advertisementListDetails')}
      data-testid="advertisement-details"
      extra={
        <Link to="/admin/advertisementlist">
          <Button>{t('recruitment.backToList')}</Button>
        </Link>
      }
    >
      <ErrorAlert message={advertisement.error?.message} />
      {detail ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space wrap>
            <StatusTag status={detail.status} />
            {can(detail, 'configure') ? (
              <Button onClick={() => navigate(`/admin/publish-advertisement?id=${detail.id}`)} data-testid="action-configure">
                {t('recruitment.action.configure')}
              </Button>
            ) : null}
            {transitions.buttons}
            {can(detail, 'change-dates') ? (
              <Button onClick={() => navigate(`/admin/change-advertisement-date?id=${detail.id}`)} data-testid="action-change-dates">
                {t('recruitment.action.change-dates')}
              </Button>
            ) : null}
            {can(detail, 'configure-options') ? (
              <Button onClick={() => navigate(`/admin/configure-optional-subject/${detail.id}`)} data-testid="action-configure-options">
                {t('recruitment.action.configure-options')}
              </Button>
            ) : null}
            {can(detail, 'add-quota') && detail.requisitionId && detail.classId ? (
              <Button onClick={() => navigate(`/admin/addQuotaToExistingAdvertisements/${detail.requisitionId}/${detail.classId}`)} data-testid="action-add-quota">
                {t('recruitment.action.add-quota')}
              </Button>
            ) : null}
          </Space>
          <Descriptions size="small" bordered column={2} data-testid="advertisement-facts">
            <Descriptions.Item label={t('recruitment.advertisementCode')}>{formatDigits(detail.code, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.fiscalYear')}>{formatDigits(detail.fiscalYear, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.postOrService')}>{joined(detail, 'post', language) || joined(detail, 'service', language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.class')}>{joined(detail, 'class', language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.requestOffice')}>{joined(detail, 'organization', language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.totalVacancy')}>{formatDigits(detail.totalVacancy, language)}</Descriptions.Item>
            {(['publishDate', 'paymentLastDate', 'lastDateForSubmission', 'doubleFeeLastDate', 'ageCutOffDate', 'reapplyFrom', 'reapplyTo'] as const).map((key) => (
              <Descriptions.Item key={key} label={t(`recruitment.${key}`)}>
                <span data-testid={`fact-${key}`}>
                  <DualDate value={detail[key] ?? null} withTime={false} />
                </span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('recruitment.ages')}>
              {t('recruitment.agesText', { min: formatDigits(detail.minAgeYears, language), max: formatDigits(detail.maxAgeYears, language), relaxed: formatDigits(detail.maxAgeYearsRelaxed, language) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('recruitment.applicationFee')}>{formatMoney(detail.applicationFee ?? 0, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.internalCompetitionFee')}>{formatMoney(detail.internalCompetitionFee ?? 0, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.extraQuotaFee')}>{formatMoney(detail.extraQuotaFee ?? 0, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.extraServiceFee')}>{formatMoney(detail.extraServiceFee ?? 0, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.extraClusterFee')}>{formatMoney(detail.extraClusterFee ?? 0, language)}</Descriptions.Item>
            <Descriptions.Item label={t('recruitment.examCentres')} span={2}>
              {(detail.examCentres ?? []).map((centre) => nameOf(centre, language)).join(', ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('recruitment.optionalSubjects')} span={2}>
              {(detail.optionalSubjects ?? []).map((subject) => nameOf(subject, language)).join(', ')}
            </Descriptions.Item>
          </Descriptions>
          <ScrollRegion label={t('recruitment.quotas')}>
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey="quotaId"
              title={() => t('recruitment.quotas')}
              dataSource={detail.quotas ?? []}
              pagination={false}
              data-testid="advertisement-quotas"
              columns={[
                { key: 'quota', title: t('recruitment.quota'), render: (_, quota) => nameOf(quota, language) },
                { key: 'vacancies', title: t('recruitment.vacancies'), render: (_, quota) => formatDigits(quota.vacancies, language) },
                { key: 'number', title: t('recruitment.newNumber'), render: (_, quota) => formatDigits(numberLabelsOf(quota).current, language) },
                { key: 'previous', title: t('recruitment.oldNumber'), render: (_, quota) => formatDigits(numberLabelsOf(quota).previous, language) },
                {
                  key: 'actions',
                  title: t('master.actions'),
                  render: (_, quota) =>
                    can(detail, 'update-number') ? (
                      <Button size="small" onClick={() => setNumberQuota(quota)} data-testid={`update-number-${quota.quotaId}`}>
                        {t('recruitment.updateNumber')}
                      </Button>
                    ) : null,
                },
              ]}
            />
          </ScrollRegion>
          <ScrollRegion label={t('recruitment.history')}>
            <Table
              size="small"
              scroll={{ x: 'max-content' }}
              rowKey={(change) => `${change.id ?? ''}${change.changedAt}${change.action}`}
              title={() => t('recruitment.history')}
              dataSource={historyOf(detail)}
              pagination={false}
              data-testid="advertisement-history"
              columns={[
                { key: 'at', title: t('recruitment.when'), render: (_, change) => <DualDate value={change.changedAt} /> },
                { key: 'action', title: t('recruitment.action'), render: (_, change) => (KNOWN_ACTIONS.has(change.action) ? t(`recruitment.done.${change.action as AdvertisementAction | 'create'}`) : change.action) },
                { key: 'from', title: t('recruitment.from'), render: (_, change) => (change.fromStatus ? <StatusTag status={change.fromStatus} /> : null) },
                { key: 'to', title: t('recruitment.to'), render: (_, change) => <StatusTag status={change.toStatus} /> },
                { key: 'by', title: t('recruitment.by'), render: (_, change) => change.actorName ?? joined(change, 'actor', language) },
                { key: 'remarks', title: t('recruitment.remarks'), render: (_, change) => change.remarks ?? '' },
              ]}
            />
          </ScrollRegion>
        </Space>
      ) : null}
      {transitions.modal}
      {detail && numberQuota ? <UpdateNumberModal advertisement={detail} quota={numberQuota} onClose={() => setNumberQuota(null)} onDone={advertisement.reload} /> : null}
    </Card>
  );
}
