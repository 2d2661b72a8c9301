import { Alert, Button, Empty, Input, Pagination, Select, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSessionStore } from '../../stores/session-store';
import { fetchVacancies } from '../../api/applications-api';
import { applyPath } from '../../routes/apply-paths';
import { useFormat } from '../../hooks/use-format';
import './vacancy-page.css';

// spec §2 /vacancy and /organization/vacancy: the advertisements open for applying today
// (GET /api/psc/vacancies: published, from the publish date to the double-fee date), searchable
// and paged, each with its quotas and their advertisement numbers, its dates in B.S. with A.D.
// beside them (spec §1), fees and age limits, and the way into the apply flow
// or to the application already made.

const PAGE_SIZE = 10;

type Name = { nameEn?: string | null; nameNp?: string | null } | null | undefined;

type PublicQuota = { quotaCode?: string; nameEn: string; nameNp: string; vacancies: number; number?: number; label?: string };

export type PublicAdvertisement = {
  id: number;
  requisitionId?: number | null;
  organizationId?: number | null;
  hasApplied?: boolean;
  feePeriod?: string;
  code: string;
  fiscalYear: string;
  post?: Name;
  class?: Name;
  service?: Name;
  group?: Name;
  organization?: Name;
  totalVacancy: number;
  quotas: PublicQuota[];
  publishDate: string | null;
  paymentLastDate: string | null;
  lastDateForSubmission: string | null;
  doubleFeeLastDate: string | null;
  ageCutOffDate: string | null;
  applicationFee?: number;
  internalCompetitionFee?: number;
  extraQuotaFee?: number;
  extraServiceFee?: number;
  extraClusterFee?: number;
  fees?: Partial<Record<'applicationFee' | 'internalCompetitionFee' | 'extraQuotaFee' | 'extraServiceFee' | 'extraClusterFee', number>>;
  minAgeYears?: number;
  maxAgeYears?: number;
  maxAgeYearsRelaxed?: number;
};

const DATE_KEYS = ['publishDate', 'paymentLastDate', 'lastDateForSubmission', 'doubleFeeLastDate', 'ageCutOffDate'] as const;
const FEE_KEYS = ['applicationFee', 'internalCompetitionFee', 'extraQuotaFee', 'extraServiceFee', 'extraClusterFee'] as const;

/** A joined name: the API answers flat columns (`postNameEn`, `postNameNp`); a nested `post` is read too. */
function nameIn(advertisement: PublicAdvertisement, prefix: 'post' | 'class' | 'service' | 'group' | 'organization', language: 'ne' | 'en'): string {
  const record = advertisement as unknown as Record<string, unknown>;
  const nested = advertisement[prefix];
  const en = (nested?.nameEn ?? record[`${prefix}NameEn`]) as string | null | undefined;
  const np = (nested?.nameNp ?? record[`${prefix}NameNp`]) as string | null | undefined;
  return (language === 'ne' ? np || en : en || np) ?? '';
}


function AdvertisementCard({ advertisement, isOrganization }: { advertisement: PublicAdvertisement; isOrganization: boolean }) {
  const { t, language, digits, date, money } = useFormat();
  const navigate = useNavigate();
  const masterId = useSessionStore((state) => state.init?.user.masterId);
  const [isOpen, setIsOpen] = useState(false);
  const title = nameIn(advertisement, 'post', language) || nameIn(advertisement, 'service', language);
  const feeOf = (key: (typeof FEE_KEYS)[number]) => advertisement.fees?.[key] ?? advertisement[key] ?? 0;
  return (
    <article className="vacancy-card" data-testid="vacancy-card" data-code={advertisement.code}>
      <header className="vacancy-card__header">
        <h2 className="vacancy-card__title">{title}</h2>
        <p className="vacancy-card__meta muted">
          {[nameIn(advertisement, 'class', language), nameIn(advertisement, 'service', language), nameIn(advertisement, 'group', language)].filter(Boolean).join(' · ')}
        </p>
        <p className="vacancy-card__meta">{nameIn(advertisement, 'organization', language)}</p>
        <p className="vacancy-card__meta muted">{t('vacancy.code', { code: digits(advertisement.code) })}</p>
      </header>
      <p className="vacancy-card__total">
        <Tag color="blue">{t('vacancy.total', { count: advertisement.totalVacancy ?? 0 })}</Tag>
      </p>
      <h3 className="vacancy-card__heading">{t('vacancy.quotas')}</h3>
      <ul className="vacancy-card__list" data-testid="vacancy-quotas">
        {advertisement.quotas.map((quota) => (
          <li key={quota.quotaCode ?? quota.nameEn}>
            {t('vacancy.quotaLine', {
              quota: language === 'ne' ? quota.nameNp : quota.nameEn,
              count: quota.vacancies ?? 0,
              number: digits(quota.label ?? quota.number ?? ''),
            })}
          </li>
        ))}
      </ul>
      <h3 className="vacancy-card__heading">{t('vacancy.dates')}</h3>
      <dl className="vacancy-card__facts" data-testid="vacancy-dates">
        {DATE_KEYS.filter((key) => isOpen || key === 'publishDate' || key === 'lastDateForSubmission').map((key) => (
          <div key={key}>
            <dt>{t(`vacancy.${key}`)}</dt>
            <dd data-testid={`vacancy-${key}`}>{date(advertisement[key])}</dd>
          </div>
        ))}
      </dl>
      {isOpen ? (
        <>
          <h3 className="vacancy-card__heading">{t('vacancy.fees')}</h3>
          <dl className="vacancy-card__facts" data-testid="vacancy-fees">
            {FEE_KEYS.map((key) => (
              <div key={key}>
                <dt>{t(`vacancy.${key}`)}</dt>
                <dd>{money(feeOf(key))}</dd>
              </div>
            ))}
          </dl>
          {advertisement.minAgeYears !== undefined ? (
            <p>
              {t('vacancy.ages', {
                min: digits(advertisement.minAgeYears),
                max: digits(advertisement.maxAgeYears),
                relaxed: digits(advertisement.maxAgeYearsRelaxed),
              })}
            </p>
          ) : null}
        </>
      ) : (
        <p>
          {t('vacancy.applicationFee')}: {money(feeOf('applicationFee'))}
        </p>
      )}
      {advertisement.feePeriod === 'double-fee' ? <Alert type="warning" showIcon title={t('apply.feeDouble')} /> : null}
      <div className="vacancy-card__actions">
        <Button type="link" className="vacancy-card__toggle" onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen} data-testid="vacancy-toggle">
          {isOpen ? t('vacancy.less') : t('vacancy.more')}
        </Button>
        {advertisement.hasApplied ? (
          <Button onClick={() => void navigate('/vacancy-applied')} data-testid="vacancy-applied">
            {t('apply.applied')} · {t('apply.viewApplication')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate(applyPath(advertisement, masterId, isOrganization))} data-testid="vacancy-apply">
            {t('apply.open')}
          </Button>
        )}
      </div>
    </article>
  );
}

export default function VacancyPage({ isOrganization = false }: { isOrganization?: boolean }) {
  const { t, language } = useFormat();
  const [search, setSearch] = useState('');
  const [organizationId, setOrganizationId] = useState<number | undefined>(undefined);
  const [organizations, setOrganizations] = useState<Map<number, string>>(new Map());
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<PublicAdvertisement[]>([]);
  const [total, setTotal] = useState(0);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setIsLoading(true);
    const result = await fetchVacancies({ page, pageSize: PAGE_SIZE, ...(search ? { search } : {}), ...(organizationId ? { organizationId } : {}) });
    setIsLoading(false);
    if (result.ok) {
      const rows = result.data.items as unknown as PublicAdvertisement[];
      setItems(rows);
      setTotal(result.data.total);
      setError(null);
      // The offices seen so far, for the organization filter of /organization/vacancy.
      setOrganizations((known) => {
        const next = new Map(known);
        for (const row of rows) if (row.organizationId) next.set(row.organizationId, nameIn(row, 'organization', language));
        return next.size === known.size ? known : next;
      });
    } else {
      setError(result.message || t('vacancy.loadFailed'));
    }
  }, [page, search, organizationId, language, t]);
  const organizationOptions = useMemo(() => [...organizations].map(([value, label]) => ({ value, label })), [organizations]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="vacancy-page" aria-labelledby="vacancy-title">
      <h1 id="vacancy-title" className="page-title">
        {isOrganization ? t('nav.organizationVacancy') : t('vacancy.title')}
      </h1>
      <p className="muted">{t('vacancy.intro')}</p>
      {isOrganization ? (
        <Select
          className="vacancy-page__search"
          allowClear
          style={{ width: '100%' }}
          placeholder={t('vacancy.organization')}
          aria-label={t('vacancy.organization')}
          value={organizationId}
          options={organizationOptions}
          onChange={(value: number | undefined) => {
            setOrganizationId(value);
            setPage(1);
          }}
          data-testid="vacancy-organization"
        />
      ) : null}
      <Input.Search
        className="vacancy-page__search"
        allowClear
        placeholder={t('vacancy.search')}
        aria-label={t('vacancy.search')}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
        data-testid="vacancy-search"
      />
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('vacancy.retry')}</Button>} />
      ) : isLoading && items.length === 0 ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('vacancy.empty')} />
      ) : (
        <>
          <p className="muted" data-testid="vacancy-count">
            {t('vacancy.count', { count: total })}
          </p>
          <div className="vacancy-page__list">
            {items.map((advertisement) => (
              <AdvertisementCard key={advertisement.code} advertisement={advertisement} isOrganization={isOrganization} />
            ))}
          </div>
          {total > PAGE_SIZE ? <Pagination className="vacancy-page__pages" simple current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} /> : null}
        </>
      )}
    </section>
  );
}
