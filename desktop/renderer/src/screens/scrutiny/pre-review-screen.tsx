import { formatDigits, REMARK_REQUIRED, SCRUTINY_REASONS, type ScrutinyDecision } from '@psc/core';
import { Alert, App, Button, Card, Col, Descriptions, Row, Segmented, Space, Spin, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import type { TextKey } from '../../i18n/use-language';
import { useLanguage } from '../../i18n/use-language';
import { DecisionDialog, type DecisionRequest } from './decision-dialog';
import { AgeSection, candidateNameOf, DecisionHistory, IdentitySection, PaymentSection, QualificationSection, QuotaSection } from './pre-review-sections';
import { decide, nextPending, preReviewPath, type PreReview } from './scrutiny-api';
import { ApplicationStatusTag, Kbd, nameIn, ScrutinyStatusTag, ShortcutLegend } from './scrutiny-parts';
import { isTextField, nextTarget, screeningAction, type ScreeningAction } from './screening-keys';

// spec §2 candidate-details/{advertisementCode}/{studentId}/{status}/{currentpage}/{orgId} [SC];
// §3 "Pre-review view": one application screened without leaving the screen — the profile in
// both languages with each document beside the fields it proves, the dates, the age on the
// cut-off date, the minimum qualification and the education meeting it, each claimed quota with
// its decision — and decided from the keyboard alone (screening-keys.ts). `studentId` is the
// application's id; `status` and `currentpage` are the queue page the officer came from.
// A supervisor (SA or SD) reads it without the decisions. A refusal (another officer holds it,
// or it was reallocated while open) is shown as the API words it, naming the holder.

const DECISIONS: readonly ScrutinyDecision[] = ['approve', 'hold', 'reject', 'revert'];
const DECISION_KEYS: Record<ScrutinyDecision, string> = { approve: 'A', hold: 'H', reject: 'R', revert: 'V' };

export function PreReviewScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const applicationId = Number(params.studentId);
  const isValidId = Number.isInteger(applicationId) && applicationId > 0;
  const view = useApiQuery<PreReview>(isValidId ? preReviewPath(applicationId) : null);
  // The view of this application (not the one before a move with N, while the next loads).
  const data = view.data?.application.id === applicationId ? view.data : null;
  // After a refusal the view is read again; while that answers an error, nothing is decided.
  const canDecide = (data?.allocation.isMine ?? false) && !view.error;

  const [target, setTarget] = useState<number | null>(null);
  const [request, setRequest] = useState<DecisionRequest | null>(null);
  const [reasonIndex, setReasonIndex] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const remarkRef = useRef<InputRef>(null);

  // A new application starts on the whole application, with no refusal of the one before.
  useEffect(() => {
    setTarget(null);
    setRefusal(null);
    setRequest(null);
  }, [applicationId]);

  const queueLink = data
    ? `/admin/scrutiny/${data.advertisement.id}/${params.status ?? 'pending'}/${params.currentpage ?? '1'}/${params.orgId ?? '0'}`
    : '/admin/scrutiny';
  const candidateName = data ? candidateNameOf(data, language) : '';
  const quotaName = (id: number) => {
    const quota = data?.quotas.find((row) => row.advertisementQuotaId === id);
    return quota ? nameIn(language, quota.nameEn, quota.nameNp) : '';
  };

  const open = (decision: ScrutinyDecision) => {
    if (!data || !canDecide || view.isLoading) return;
    // spec §4: a hold is of the whole application.
    const quotaId = decision === 'hold' ? null : target;
    setReasonIndex(null);
    setRemark('');
    setDialogError(null);
    setRequest({ decision, quota: quotaId === null ? null : { advertisementQuotaId: quotaId, name: quotaName(quotaId) } });
  };

  const close = () => {
    if (!isSaving) setRequest(null);
  };

  const confirm = async () => {
    if (!request || !data || isSaving) return;
    const reasonCode = reasonIndex === null ? undefined : SCRUTINY_REASONS[reasonIndex]?.code;
    const text = remark.trim() || undefined;
    if (REMARK_REQUIRED.has(request.decision) && !reasonCode && !text) {
      setDialogError(t('scrutiny.remarkRequired'));
      return;
    }
    setIsSaving(true);
    const result = await decide(applicationId, {
      decision: request.decision,
      version: data.application.version,
      ...(request.quota ? { advertisementQuotaId: request.quota.advertisementQuotaId } : {}),
      ...(reasonCode ? { reasonCode } : {}),
      ...(text ? { remark: text } : {}),
    });
    setIsSaving(false);
    if (result.ok) {
      setRequest(null);
      void message.success(result.message);
      void view.reload();
      return;
    }
    // Held by another officer (a reallocation meanwhile) or decided meanwhile: the dialog closes,
    // the refusal stays on the screen, and the view is read again.
    if (result.httpStatus === 403 || result.httpStatus === 409) {
      setRequest(null);
      setRefusal(result.message);
      void view.reload();
      return;
    }
    setDialogError(result.message);
  };

  const moveToNext = async () => {
    if (!data || isMoving) return;
    setIsMoving(true);
    const result = await nextPending(applicationId, data.advertisement.id);
    setIsMoving(false);
    if (!result.ok) return void message.error(result.message);
    const next = result.data;
    if (next.id === null) return void message.info(t('screening.noneLeft'));
    void navigate(`/admin/candidate-details/${encodeURIComponent(next.advertisementCode)}/${next.id}/${params.status ?? 'pending'}/${params.currentpage ?? '1'}/${next.organizationId}`);
  };

  const act = (action: ScreeningAction) => {
    switch (action.kind) {
      case 'decide':
        return open(action.decision);
      case 'next':
        return void moveToNext();
      case 'nextTarget':
        return setTarget((current) => nextTarget(current, data?.quotas.map((quota) => quota.advertisementQuotaId) ?? []));
      case 'wholeApplication':
        return setTarget(null);
      case 'reason':
        if (action.index < SCRUTINY_REASONS.length) {
          setReasonIndex(action.index);
          setDialogError(null);
        }
        return;
      case 'typeRemark':
        return remarkRef.current?.focus();
      case 'confirm':
        return void confirm();
      case 'cancel':
        return close();
    }
  };

  // One listener for the view and the dialog (screening-keys.ts decides which keys are whose);
  // renewed on every render so it acts on the present state.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat) return;
      const action = screeningAction(event, { dialog: request !== null, canDecide: canDecide && data !== null, inTextField: isTextField(event.target) });
      if (!action) return;
      // The key is the shortcut's alone: no button behind the dialog is pressed by Enter too.
      event.preventDefault();
      event.stopPropagation();
      act(action);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });

  if (!isValidId) return <ErrorAlert message={t('screening.badLink')} />;
  if (!data) {
    return (
      <Card title={t('route.candidateDetails')} data-testid="pre-review">
        <ErrorAlert message={view.error?.message} />
        {view.error ? (
          <Link to="/admin/scrutiny" data-testid="pre-review-back">
            {t('screening.backToAdvertisements')}
          </Link>
        ) : (
          <Spin />
        )}
      </Card>
    );
  }

  const { application, advertisement, quotas } = data;
  const targetOptions = [
    { value: 0, label: t('screening.wholeApplication') },
    ...quotas.map((quota) => ({ value: quota.advertisementQuotaId, label: nameIn(language, quota.nameEn, quota.nameNp) })),
  ];
  return (
    <Card
      title={
        <Space wrap>
          <span>{t('route.candidateDetails')}</span>
          <Typography.Text data-testid="pre-review-name">{candidateName}</Typography.Text>
        </Space>
      }
      extra={
        <Link to={queueLink} data-testid="pre-review-back">
          {t('screening.backToQueue')}
        </Link>
      }
      data-testid="pre-review"
      data-application-id={application.id}
      data-version={application.version}
    >
      {view.error && view.error.message !== refusal ? <ErrorAlert message={view.error.message} /> : null}
      {refusal ? <Alert type="warning" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="pre-review-refusal" closable onClose={() => setRefusal(null)} /> : null}
      {!canDecide && !view.error ? <Alert type="info" showIcon title={t('screening.readOnly', { officer: data.allocation.holderName })} style={{ marginBottom: 12 }} data-testid="pre-review-read-only" /> : null}
      <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('screening.field.advertisement')}>
          {formatDigits(advertisement.code, language)} · {nameIn(language, advertisement.postNameEn, advertisement.postNameNp)}
        </Descriptions.Item>
        <Descriptions.Item label={t('screening.field.receipt')}>{application.receiptCode}</Descriptions.Item>
        <Descriptions.Item label={t('screening.field.examCentre')}>{nameIn(language, application.examCentreNameEn, application.examCentreNameNp)}</Descriptions.Item>
        <Descriptions.Item label={t('screening.field.scrutinyStatus')}>
          <ScrutinyStatusTag status={application.scrutinyStatus} />
        </Descriptions.Item>
        <Descriptions.Item label={t('screening.field.applicationStatus')}>
          <ApplicationStatusTag status={application.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('screening.field.holder')}>{data.allocation.holderName}</Descriptions.Item>
      </Descriptions>
      {canDecide ? (
        <Card size="small" style={{ marginBottom: 12, position: 'sticky', top: 0, zIndex: 2 }} data-testid="decision-bar">
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Typography.Text strong>
                {t('screening.target')} <Kbd>Q</Kbd> <Kbd>W</Kbd>
              </Typography.Text>
              <Segmented value={target ?? 0} onChange={(value) => setTarget(value === 0 ? null : Number(value))} options={targetOptions} data-testid="decision-target" />
            </Space>
            <Space wrap>
              {DECISIONS.map((decision) => (
                <Button
                  key={decision}
                  type={decision === 'approve' ? 'primary' : 'default'}
                  danger={decision === 'reject'}
                  onClick={() => open(decision)}
                  data-testid={`decide-${decision}`}
                  disabled={view.isLoading}
                >
                  {t(`screening.decision.${decision}` as TextKey)} <Kbd>{DECISION_KEYS[decision]}</Kbd>
                </Button>
              ))}
              <Button onClick={() => void moveToNext()} loading={isMoving} data-testid="decide-next">
                {t('screening.next')} <Kbd>N</Kbd>
              </Button>
            </Space>
            <ShortcutLegend />
          </Space>
        </Card>
      ) : null}
      <Row gutter={12}>
        <Col xs={24} xxl={12}>
          <IdentitySection view={data} />
          <QuotaSection view={data} target={target} />
          <PaymentSection view={data} />
        </Col>
        <Col xs={24} xxl={12}>
          <AgeSection view={data} />
          <QualificationSection view={data} />
          <DecisionHistory view={data} />
        </Col>
      </Row>
      <DecisionDialog
        request={request}
        candidateName={candidateName}
        reasonIndex={reasonIndex}
        remark={remark}
        error={dialogError}
        isSaving={isSaving}
        remarkRef={remarkRef}
        onReason={(index) => {
          setReasonIndex(index);
          setDialogError(null);
        }}
        onRemark={(text) => {
          setRemark(text);
          setDialogError(null);
        }}
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </Card>
  );
}
