import { Alert, Button, Checkbox, Modal, Radio, Select, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  fetchFeeQuote,
  fetchVacancy,
  submitApplication,
  type ApplicationRow,
  type FeeQuoteAnswer,
  type VacancyDetail,
} from '../../api/applications-api';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import { profileTabOf } from '../../routes/apply-paths';
import { QuotaChoice } from './quota-choice';
import { ReceiptCard } from './receipt-card';
import '../../styles/apply-and-pay.css';

// spec §2 /vacancy/{id}/{masterid}/{reqid}/{values} (and /organization/vacancy/...): the apply
// flow of spec §5 — minimum-qualification questions, all wanted quotas, faculty, optional
// subject, nearest exam centre, terms — with the fee quoted by the server (core's one fee rule),
// the missing-documents modal of spec §8, and the receipt the moment the application is in.
// `id` is the advertisement; the other segments are the spec's and carry nothing this page needs.

const QUESTIONS = ['qualification', 'truth'] as const;

function FeeBox({ quote, isLoading }: { quote: FeeQuoteAnswer | null; isLoading: boolean }) {
  const { t, digits, money } = useFormat();
  if (!quote) return <p className="muted">{isLoading ? t('loader.label') : t('apply.feeChoose')}</p>;
  if (quote.period === 'expired') return <Alert type="error" showIcon title={t('deadline.applicationExpired')} />;
  return (
    <div className="fee-box" data-testid="fee-quote">
      {quote.period === 'double-fee' ? <Alert type="warning" showIcon title={t('apply.feeDouble')} /> : null}
      <dl className="facts">
        {quote.lines.map((line) => (
          <div key={line.kind}>
            <dt>{t(`apply.feeLine.${line.kind}`, { count: line.count })}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        {quote.multiplier === 2 ? (
          <div>
            <dt>{t('apply.feeMultiplier')}</dt>
            <dd>{money(quote.baseAmount)} × {digits(2)}</dd>
          </div>
        ) : null}
        <div className="fee-box__total">
          <dt>{t('apply.total')}</dt>
          <dd data-testid="fee-amount">{money(quote.amount)}</dd>
        </div>
      </dl>
    </div>
  );
}

export default function ApplyPage() {
  const { t, language, digits, date } = useFormat();
  const navigate = useNavigate();
  const advertisementId = Number(useParams().id);
  const [vacancy, setVacancy] = useState<VacancyDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [quotaIds, setQuotaIds] = useState<number[]>([]);
  const [facultyId, setFacultyId] = useState<number | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [examCentreId, setExamCentreId] = useState<number | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [quote, setQuote] = useState<FeeQuoteAnswer | null>(null);
  const [isQuoting, setIsQuoting] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [receipt, setReceipt] = useState<ApplicationRow | null>(null);
  const [isModalOpen, setIsModalOpen] = useState(false);

  const load = useCallback(async () => {
    if (!Number.isInteger(advertisementId) || advertisementId <= 0) {
      setLoadError(t('apply.loadFailed'));
      return;
    }
    const result = await fetchVacancy(advertisementId);
    if (!result.ok) {
      setLoadError(result.message || t('apply.loadFailed'));
      return;
    }
    setVacancy(result.data);
    setLoadError(null);
    // Applied already: the receipt of that application, not a second form.
    if (result.data.myApplication) setReceipt(result.data.myApplication);
    else if (result.data.eligibility.missingDocuments.length > 0) setIsModalOpen(true);
    if (result.data.examCentres.length === 1) setExamCentreId(result.data.examCentres[0]!.id);
    if (result.data.optionalSubjects.length === 1) setSubjectId(result.data.optionalSubjects[0]!.id);
  }, [advertisementId, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // The fee is the server's answer for the chosen quotas, asked again whenever they change.
  useEffect(() => {
    if (quotaIds.length === 0) {
      setQuote(null);
      return;
    }
    let isCurrent = true;
    setIsQuoting(true);
    void fetchFeeQuote(advertisementId, { quotaIds }).then((result) => {
      if (!isCurrent) return;
      setIsQuoting(false);
      setQuote(result.ok ? result.data : null);
    });
    return () => {
      isCurrent = false;
    };
  }, [advertisementId, quotaIds]);

  if (loadError) return <Alert type="error" showIcon title={loadError} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />;
  if (!vacancy) return <Skeleton active />;
  if (receipt) return <ReceiptCard receipt={receipt} />;

  const eligibility = vacancy.eligibility;
  const missing = eligibility.missingDocuments;
  const otherReasons = eligibility.reasons.filter((reason) => reason !== 'application.missingDocuments');
  const isBlocked = !eligibility.eligible || missing.length > 0 || eligibility.profileLocked === true;
  const faculties = vacancy.qualification?.faculties ?? [];
  const errorOf = (field: string) => errors[field]?.join(' ');

  const submit = async () => {
    const found: Record<string, string[]> = {};
    if (QUESTIONS.some((question) => !answers[question])) found.qualificationAnswers = [t('apply.questionRequired')];
    if (quotaIds.length === 0) found.advertisementQuotaIds = [t('application.quotaRequired')];
    if (examCentreId === null) found.examCentreId = [t('application.examCentreInvalid')];
    if (vacancy.optionalSubjects.length > 0 && subjectId === null) found.optionalSubjectId = [t('application.optionalSubjectInvalid')];
    if (faculties.length > 0 && facultyId === null) found.facultyId = [t('application.facultyInvalid')];
    if (!accepted) found.acceptTerms = [t('application.termsRequired')];
    setErrors(found);
    if (Object.keys(found).length > 0 || examCentreId === null) return;
    setIsSubmitting(true);
    const result = await submitApplication({
      advertisementId,
      advertisementQuotaIds: quotaIds,
      facultyId,
      optionalSubjectId: subjectId,
      examCentreId,
      qualificationAnswers: Object.fromEntries(QUESTIONS.map((question) => [question, answers[question] === true])),
      acceptTerms: true,
    });
    setIsSubmitting(false);
    if (result.ok) {
      setReceipt(result.data.receipt);
      window.scrollTo({ top: 0 });
    } else if (result.errors) {
      setErrors(result.errors);
    }
  };

  const title = nameIn(vacancy, 'post', language) || nameIn(vacancy, 'service', language);
  return (
    <section className="apply-page" aria-labelledby="apply-title">
      <h1 id="apply-title" className="page-title">
        {t('apply.title')}
      </h1>
      <p className="apply-page__post">
        <strong>{title}</strong> · {t('vacancy.code', { code: digits(vacancy.code) })}
      </p>
      <p className="muted">{nameIn(vacancy, 'organization', language)}</p>
      <p className="muted">
        {t('vacancy.lastDateForSubmission')}: {date(vacancy.lastDateForSubmission)}
      </p>

      <Modal
        open={isModalOpen}
        title={t('apply.missingTitle')}
        onCancel={() => setIsModalOpen(false)}
        footer={[
          <Button key="close" onClick={() => setIsModalOpen(false)}>
            {t('apply.close')}
          </Button>,
          <Button key="profile" type="primary" onClick={() => void navigate(`/user/profile/${profileTabOf(missing)}`)} data-testid="missing-go-profile">
            {t('apply.goToProfile')}
          </Button>,
        ]}
      >
        <p data-testid="missing-documents">{t('application.missingDocuments')}</p>
        <ul>
          {missing.map((requirement) => (
            <li key={requirement}>{t(`application.requirement.${requirement}`)}</li>
          ))}
        </ul>
      </Modal>

      {isBlocked ? (
        <Alert
          type="error"
          showIcon
          className="apply-page__blocked"
          data-testid="apply-blocked"
          title={t('apply.notEligible')}
          description={
            <ul className="apply-page__reasons">
              {missing.length > 0 ? <li>{t('application.missingDocuments')}</li> : null}
              {otherReasons.map((reason) => (
                <li key={reason}>{t(reason)}</li>
              ))}
              {eligibility.profileLocked ? <li>{t('apply.profileLocked')}</li> : null}
            </ul>
          }
        />
      ) : null}
      {eligibility.age ? (
        <p className="muted" data-testid="apply-age">
          {t('apply.age', { years: digits(eligibility.age.years), months: digits(eligibility.age.months), days: digits(eligibility.age.days) })}
          {eligibility.ageLimit ? ` · ${t('apply.ageLimit', { min: digits(eligibility.ageLimit.minYears), max: digits(eligibility.ageLimit.maxYears) })}` : ''}
        </p>
      ) : null}

      <fieldset className="apply-page__group" disabled={isBlocked}>
        <legend>{t('apply.questions')}</legend>
        {QUESTIONS.map((question) => (
          <div key={question} className="apply-page__question">
            <p>{t(`apply.question.${question}`)}</p>
            <Radio.Group
              value={answers[question] === undefined ? undefined : answers[question] ? 'yes' : 'no'}
              onChange={(event) => setAnswers((current) => ({ ...current, [question]: event.target.value === 'yes' }))}
              data-testid={`question-${question}`}
              options={[
                { value: 'yes', label: t('myApps.yes') },
                { value: 'no', label: t('myApps.no') },
              ]}
            />
          </div>
        ))}
        {errorOf('qualificationAnswers') ? <p className="field-error">{errorOf('qualificationAnswers')}</p> : null}
      </fieldset>

      <fieldset className="apply-page__group" disabled={isBlocked}>
        <legend>{t('apply.quotas')}</legend>
        <QuotaChoice
          quotas={vacancy.quotas}
          value={quotaIds}
          onChange={setQuotaIds}
          testId="apply-quotas"
          labelFor={(quota) => `${labelOf(quota, language)}${quota.vacancies !== undefined ? ` (${t('vacancy.total', { count: quota.vacancies })})` : ''}`}
        />
        {errorOf('advertisementQuotaIds') ? <p className="field-error">{errorOf('advertisementQuotaIds')}</p> : null}
      </fieldset>

      {faculties.length > 0 ? (
        <label className="apply-page__field">
          <span>{t('apply.faculty')}</span>
          <Select
            disabled={isBlocked}
            value={facultyId ?? undefined}
            placeholder={t('apply.choose')}
            onChange={(value: number) => setFacultyId(value)}
            options={faculties.map((faculty) => ({ value: faculty.id, label: labelOf(faculty, language) }))}
            data-testid="apply-faculty"
          />
          {errorOf('facultyId') ? <span className="field-error">{errorOf('facultyId')}</span> : null}
        </label>
      ) : null}

      {vacancy.optionalSubjects.length > 0 ? (
        <label className="apply-page__field">
          <span>{t('apply.subject')}</span>
          <Select
            disabled={isBlocked}
            value={subjectId ?? undefined}
            placeholder={t('apply.choose')}
            onChange={(value: number) => setSubjectId(value)}
            options={vacancy.optionalSubjects.map((subject) => ({ value: subject.id, label: labelOf(subject, language) }))}
            data-testid="apply-subject"
          />
          {errorOf('optionalSubjectId') ? <span className="field-error">{errorOf('optionalSubjectId')}</span> : null}
        </label>
      ) : null}

      <fieldset className="apply-page__group" disabled={isBlocked}>
        <legend>{t('apply.examCentre')}</legend>
        <Radio.Group
          className="apply-page__centres"
          value={examCentreId ?? undefined}
          onChange={(event) => setExamCentreId(Number(event.target.value))}
          data-testid="apply-exam-centre"
          options={vacancy.examCentres.map((centre) => ({ value: centre.id, label: labelOf(centre, language) }))}
        />
        {errorOf('examCentreId') ? <p className="field-error">{errorOf('examCentreId')}</p> : null}
      </fieldset>

      <section className="apply-page__group" aria-label={t('apply.fee')}>
        <h2 className="apply-page__heading">{t('apply.fee')}</h2>
        <FeeBox quote={quote} isLoading={isQuoting} />
      </section>

      <Checkbox disabled={isBlocked} checked={accepted} onChange={(event) => setAccepted(event.target.checked)} data-testid="apply-terms">
        {t('apply.terms')}
      </Checkbox>
      {errorOf('acceptTerms') ? <p className="field-error">{errorOf('acceptTerms')}</p> : null}

      {errorOf('eligibility') ? <Alert type="error" showIcon className="apply-page__blocked" title={errorOf('eligibility')} /> : null}

      <Button
        type="primary"
        size="large"
        block
        className="apply-page__submit"
        disabled={isBlocked || quote?.period === 'expired'}
        loading={isSubmitting}
        onClick={() => void submit()}
        data-testid="apply-submit"
      >
        {t('apply.submit')}
      </Button>
    </section>
  );
}
