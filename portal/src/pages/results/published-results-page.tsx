import { Alert, Button, Empty, Input, Segmented, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  fetchPublishedAdvertisements,
  fetchPublishedResults,
  fetchPublishedResultsPdf,
  type PublishedSelection,
  type PublishedSelectionAdvertisement,
  type SelectionKind,
} from '../../api/results-api';
import { fileNamePart, PdfDownloadButton } from '../../components/files/pdf-download-button';
import { toLatinDigits } from '../../core-forms';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import { useLoaded } from '../../hooks/use-loaded';
import type { PortalMessageKey } from '../../i18n/ne';
import { nepalTimeOf, QuotaLists } from './published-list';
import { ResultFacts } from './result-facts';
import './results.css';

// spec §1 "view selection results", §2: the published written result (who is shortlisted, with
// the interview's date, time and place) and the final list, for anyone, signed in or not, as the
// commission's notice board and PDF show them: per quota, roll number, name in the reader's
// language, the merit place on the final list, and the outcome. The API leaves withheld results
// out (reference "Results"), so the page never sees them. The advertisement travels in the query
// (?advertisement=2082/83-0007): its code holds a slash.

export const PUBLISHED_RESULTS_PATH = '/results/published';
export const RESULT_LOOKUP_PATH = '/results';

const listPathOf = (advertisementCode: string) => `${PUBLISHED_RESULTS_PATH}?advertisement=${encodeURIComponent(advertisementCode)}`;

function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useFormat();
  return <Alert type="error" showIcon title={message} action={<Button onClick={onRetry}>{t('myResults.retry')}</Button>} role="alert" />;
}

/** The advertisements with a published list, newest first. */
function PublishedAdvertisements() {
  const { t, language, digits, date } = useFormat();
  const navigate = useNavigate();
  const { data: items, error, load } = useLoaded(fetchPublishedAdvertisements);

  return (
    <>
      <h1 id="published-results-title" className="page-title">
        {t('publishedResults.title')}
      </h1>
      <p className="muted">{t('publishedResults.intro')}</p>
      <p>
        <Link to={RESULT_LOOKUP_PATH} data-testid="published-lookup-link">
          {t('publishedResults.lookupLink')}
        </Link>
      </p>
      {error ? (
        <LoadFailure message={error} onRetry={() => void load()} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={<span data-testid="published-empty">{t('publishedResults.empty')}</span>} />
      ) : (
        items.map((item) => (
          <article key={item.advertisementCode} className="result-card" data-testid="published-advertisement" data-code={item.advertisementCode}>
            <h2 className="result-card__post">{nameIn(item, 'post', language) || digits(item.advertisementCode)}</h2>
            <div className="published-kinds">
              {item.kinds.map((kind) => (
                <Tag key={kind} color={kind === 'final' ? 'success' : 'processing'}>
                  {t(`myResults.stage.${kind}` as PortalMessageKey)}
                </Tag>
              ))}
            </div>
            <ResultFacts
              facts={[
                { label: t('myResults.advertisement'), value: digits(item.advertisementCode) },
                { label: t('publishedResults.fiscalYear'), value: digits(item.fiscalYear) },
                { label: t('myResults.published'), value: date(item.publishedOnAd) },
              ]}
            />
            <Button block className="published-open" onClick={() => void navigate(listPathOf(item.advertisementCode))} data-testid="published-open">
              {t('publishedResults.open')}
            </Button>
          </article>
        ))
      )}
    </>
  );
}

function InterviewFacts({ selection }: { selection: PublishedSelection }) {
  const { t, language, digits, date } = useFormat();
  if (!selection.interviewAt) return null;
  const place = labelOf({ nameEn: selection.interviewPlaceEn, nameNp: selection.interviewPlaceNp }, language);
  return (
    <section className="result-card" aria-labelledby="published-interview-title" data-testid="published-interview">
      <h2 id="published-interview-title" className="result-card__post">
        {t('publishedResults.interview')}
      </h2>
      <dl className="result-card__facts">
        <div>
          <dt>{t('publishedResults.interviewDate')}</dt>
          <dd>{date(selection.interviewAt)}</dd>
        </div>
        <div>
          <dt>{t('publishedResults.interviewTime')}</dt>
          <dd data-testid="published-interview-time">{digits(nepalTimeOf(selection.interviewAt))}</dd>
        </div>
        {place ? (
          <div>
            <dt>{t('publishedResults.interviewPlace')}</dt>
            <dd>{place}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** One advertisement's published lists: the written result or the final list, chosen when both are out. */
function PublishedLists({ advertisementCode }: { advertisementCode: string }) {
  const { t, language, digits, date } = useFormat();
  const [params, setParams] = useSearchParams();
  const [selections, setSelections] = useState<PublishedSelection[] | null>(null);
  const [advertisement, setAdvertisement] = useState<PublishedSelectionAdvertisement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rollFilter, setRollFilter] = useState('');

  const load = useCallback(async () => {
    setError(null);
    const [results, advertisements] = await Promise.all([fetchPublishedResults(advertisementCode), fetchPublishedAdvertisements()]);
    if (!results.ok) {
      setError(results.message);
      return;
    }
    setSelections(results.data.selections);
    // The post's name only; the lists stand without it.
    setAdvertisement(advertisements.ok ? (advertisements.data.find((item) => item.advertisementCode === advertisementCode) ?? null) : null);
  }, [advertisementCode]);

  useEffect(() => {
    void load();
  }, [load]);

  const asked = params.get('kind');
  const kinds = selections?.map((selection) => selection.kind) ?? [];
  // The final list once it is out, since it is what a visitor looks for then.
  const kind: SelectionKind = asked === 'written' || asked === 'final' ? (kinds.includes(asked) ? asked : (kinds[0] ?? 'final')) : kinds.includes('final') ? 'final' : 'written';
  const selection = selections?.find((item) => item.kind === kind) ?? null;

  // spec §5: digits typed in Devanagari are read as the same roll number.
  const typedRoll = toLatinDigits(rollFilter).replace(/\D/g, '');
  const entries = useMemo(() => {
    if (!selection) return [];
    return typedRoll ? selection.entries.filter((entry) => String(entry.rollNumber).includes(typedRoll)) : selection.entries;
  }, [selection, typedRoll]);

  // A quota's heading counts its whole list, also while a roll number narrows the rows.
  const listedByQuota = useMemo(() => {
    const counts = new Map<string, number>();
    for (const entry of selection?.entries ?? []) counts.set(entry.quotaCode, (counts.get(entry.quotaCode) ?? 0) + 1);
    return counts;
  }, [selection]);

  const chooseKind = (next: SelectionKind) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('kind', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <>
      <p className="published-back">
        <Link to={PUBLISHED_RESULTS_PATH} data-testid="published-back">
          {t('publishedResults.back')}
        </Link>
      </p>
      <h1 id="published-results-title" className="page-title">
        {advertisement ? nameIn(advertisement, 'post', language) || t('publishedResults.title') : t('publishedResults.title')}
      </h1>
      <dl className="result-card__facts">
        <div>
          <dt>{t('myResults.advertisement')}</dt>
          <dd data-testid="published-code">{digits(advertisementCode)}</dd>
        </div>
        {selection?.publishedAt ? (
          <div>
            <dt>{t('myResults.published')}</dt>
            <dd>{date(selection.publishedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {error ? (
        <LoadFailure message={error} onRetry={() => void load()} />
      ) : selections === null ? (
        <Skeleton active />
      ) : !selection ? (
        <Empty description={t('publishedResults.empty')} />
      ) : (
        <>
          {kinds.length > 1 ? (
            <Segmented<SelectionKind>
              block
              className="published-kind"
              value={kind}
              onChange={chooseKind}
              options={kinds.map((value) => ({ value, label: t(`myResults.stage.${value}` as PortalMessageKey) }))}
              data-testid="published-kind"
            />
          ) : (
            <p className="result-card__stage muted">{t(`myResults.stage.${kind}` as PortalMessageKey)}</p>
          )}
          {kind === 'written' ? <InterviewFacts selection={selection} /> : null}
          <div className="published-actions">
            <PdfDownloadButton
              key={`${kind}-${language}`}
              fetchPdf={() => fetchPublishedResultsPdf(advertisementCode, kind, language)}
              fileName={`result-${kind}-${fileNamePart(advertisementCode)}-${language}.pdf`}
              texts={{ download: t('publishedResults.download'), preparing: t('certificates.preparing'), downloaded: t('publishedResults.downloaded'), failed: t('publishedResults.downloadFailed') }}
              testId="published-download"
            />
          </div>
          <Input
            className="published-find"
            inputMode="numeric"
            allowClear
            maxLength={20}
            placeholder={t('publishedResults.findRoll')}
            aria-label={t('publishedResults.findRoll')}
            value={rollFilter}
            onChange={(event) => setRollFilter(event.target.value)}
            data-testid="published-find"
          />
          {typedRoll && entries.length === 0 ? <Alert type="info" showIcon title={t('publishedResults.noMatch')} data-testid="published-no-match" /> : null}
          <QuotaLists kind={kind} entries={entries} listedByQuota={listedByQuota} />
        </>
      )}
    </>
  );
}

export default function PublishedResultsPage() {
  const [params] = useSearchParams();
  const advertisementCode = params.get('advertisement')?.trim().slice(0, 40) ?? '';
  return (
    <section className="results-page" aria-labelledby="published-results-title" data-testid="published-results">
      {advertisementCode ? <PublishedLists key={advertisementCode} advertisementCode={advertisementCode} /> : <PublishedAdvertisements />}
    </section>
  );
}
