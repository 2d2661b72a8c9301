import { formatDigits, formatMoney, formatNumber, READABLE_THEME_TOKENS, type Language } from '@psc/core';
import { Alert, Card, Col, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';

// The staff dashboard's counts (spec §2 "The dashboard shows counts for Nepal and the world and
// subject movement"), from GET /api/staff/dashboard. Every number on an axis, bar label and
// tooltip goes through core's formatNumber, so Nepali readers see Devanagari digits.

const STAGES = ['submitted', 'paid', 'scrutinised', 'rollNumber', 'sat', 'passed', 'selected'] as const;
type Stage = (typeof STAGES)[number];

type PlaceCount = { nameEn: string; nameNp: string; candidates: number; applications: number };
type StageRow = { advertisementId: number; advertisementCode: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null } & Record<Stage, number>;
export type StaffDashboard = {
  fiscalYears: string[];
  fiscalYear: string | null;
  /** When the counts by place and the first stages were taken (every minute); null before the first. */
  countedAt: string | null;
  byPlace: {
    provinces: (PlaceCount & { provinceId: number })[];
    districts: (PlaceCount & { provinceId: number; districtId: number })[];
    withoutAddress: { candidates: number; applications: number };
  };
  /** Candidates with a mailing address abroad, by its country, most candidates first. */
  byCountry: (PlaceCount & { countryId: number; code: string })[];
  stages: StageRow[];
  today: { dayAd: string; applications: number; payments: number; amount: number };
};

// Series colours double as the tooltip's and legend's text: each reads at least 4.5:1 on white
// (WCAG 2.1 AA 1.4.3), antd's darker blue and core's readable green.
const COLOURS = { candidates: '#0958d9', applications: READABLE_THEME_TOKENS.colorSuccess, stage: '#722ed1' };
/** Districts shown when no province is chosen: the busiest ones, so the chart stays readable. */
const TOP_DISTRICTS = 15;
/** Countries shown abroad: the ones most candidates live in, for the same reason. */
const TOP_COUNTRIES = 15;

const nameIn = (row: { nameEn: string; nameNp: string }, language: Language) => (language === 'ne' ? row.nameNp : row.nameEn);

/** The axis, tooltip and label formatters of one language. */
function numberFormatters(language: Language) {
  const format = (value: unknown) => formatNumber(Number(value), language);
  return { tick: format, tooltip: (value: unknown) => format(value) };
}

export function StaffDashboardCounts() {
  const { t, language } = useLanguage();
  const [fiscalYear, setFiscalYear] = useState<string | null>(null);
  const query = useApiQuery<StaffDashboard>(`/api/staff/dashboard${fiscalYear ? `?fiscalYear=${encodeURIComponent(fiscalYear)}` : ''}`);
  const data = query.data;
  if (!data) return query.error ? <ErrorAlert message={query.error.message} /> : <Card loading />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="staff-dashboard">
      <ErrorAlert message={query.error?.message} />
      {data.countedAt ? (
        <Typography.Text type="secondary" data-testid="counted-at">
          {t('staffDashboard.countedAt', { time: formatDualDate(data.countedAt, language) })}
        </Typography.Text>
      ) : null}
      <TodayCards today={data.today} language={language} t={t} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ProvinceChart data={data} />
        </Col>
        <Col xs={24} xl={12}>
          <DistrictChart data={data} />
        </Col>
        <Col xs={24} xl={12}>
          <CountryChart data={data} />
        </Col>
      </Row>
      {data.byPlace.withoutAddress.candidates > 0 ? (
        <Typography.Text type="secondary" data-testid="without-address">
          {t('staffDashboard.withoutAddress', {
            candidates: formatNumber(data.byPlace.withoutAddress.candidates, language),
            applications: formatNumber(data.byPlace.withoutAddress.applications, language),
          })}
        </Typography.Text>
      ) : null}
      <StageMovement data={data} onFiscalYear={setFiscalYear} />
    </Space>
  );
}

function TodayCards({ today, language, t }: { today: StaffDashboard['today']; language: Language; t: ReturnType<typeof useLanguage>['t'] }) {
  return (
    <Row gutter={[16, 16]} data-testid="dashboard-today">
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('staffDashboard.todayApplications')} value={formatNumber(today.applications, language)} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('staffDashboard.todayPayments')} value={formatNumber(today.payments, language)} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('staffDashboard.todayAmount')} value={formatMoney(today.amount, language)} />
        </Card>
      </Col>
    </Row>
  );
}

function ProvinceChart({ data }: { data: StaffDashboard }) {
  const { t, language } = useLanguage();
  const format = numberFormatters(language);
  const rows = data.byPlace.provinces.map((province) => ({ name: nameIn(province, language), candidates: province.candidates, applications: province.applications }));
  return (
    <Card title={t('staffDashboard.byProvince')} data-testid="province-chart">
      <ResponsiveContainer width="100%" height={340}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 64, left: 32 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} angle={-30} textAnchor="end" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={format.tick} allowDecimals={false} width={72} />
          <Tooltip formatter={format.tooltip} />
          <Legend verticalAlign="top" />
          <Bar dataKey="candidates" name={t('staffDashboard.candidates')} fill={COLOURS.candidates} isAnimationActive={false} />
          <Bar dataKey="applications" name={t('staffDashboard.applications')} fill={COLOURS.applications} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Card>
  );
}

/** One horizontal bar pair (applications, candidates) per place, named on the left. */
function PlaceBars({ rows, nameWidth }: { rows: { name: string; candidates: number; applications: number }[]; nameWidth: number }) {
  const { t, language } = useLanguage();
  const format = numberFormatters(language);
  return (
    <ResponsiveContainer width="100%" height={Math.max(240, rows.length * 26 + 60)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 24, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={format.tick} allowDecimals={false} />
        <YAxis type="category" dataKey="name" width={nameWidth} interval={0} tick={{ fontSize: 12 }} />
        <Tooltip formatter={format.tooltip} />
        <Legend verticalAlign="top" />
        <Bar dataKey="applications" name={t('staffDashboard.applications')} fill={COLOURS.applications} isAnimationActive={false} />
        <Bar dataKey="candidates" name={t('staffDashboard.candidates')} fill={COLOURS.candidates} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function DistrictChart({ data }: { data: StaffDashboard }) {
  const { t, language } = useLanguage();
  const [provinceId, setProvinceId] = useState<number | null>(null);
  const rows = useMemo(() => {
    const chosen = provinceId === null ? [...data.byPlace.districts].sort((a, b) => b.applications - a.applications).slice(0, TOP_DISTRICTS) : data.byPlace.districts.filter((district) => district.provinceId === provinceId);
    return chosen.map((district) => ({ name: nameIn(district, language), applications: district.applications, candidates: district.candidates }));
  }, [data, provinceId, language]);
  return (
    <Card
      title={t('staffDashboard.byDistrict')}
      data-testid="district-chart"
      extra={
        <Select
          aria-label={t('staffDashboard.provinceFilter')}
          style={{ width: 200 }}
          value={provinceId ?? 0}
          onChange={(value: number) => setProvinceId(value === 0 ? null : value)}
          options={[{ value: 0, label: t('staffDashboard.allProvinces') }, ...data.byPlace.provinces.map((province) => ({ value: province.provinceId, label: nameIn(province, language) }))]}
          data-testid="district-province"
        />
      }
    >
      <PlaceBars rows={rows} nameWidth={110} />
    </Card>
  );
}

function CountryChart({ data }: { data: StaffDashboard }) {
  const { t, language } = useLanguage();
  const rows = data.byCountry.slice(0, TOP_COUNTRIES).map((country) => ({ name: nameIn(country, language), candidates: country.candidates, applications: country.applications }));
  return (
    <Card title={t('staffDashboard.byCountry')} data-testid="country-chart">
      {rows.length === 0 ? <Typography.Text type="secondary">{t('staffDashboard.noneAbroad')}</Typography.Text> : <PlaceBars rows={rows} nameWidth={130} />}
    </Card>
  );
}

function StageMovement({ data, onFiscalYear }: { data: StaffDashboard; onFiscalYear: (fiscalYear: string) => void }) {
  const { t, language } = useLanguage();
  const format = numberFormatters(language);
  const stageName = (stage: Stage) => t(`staffDashboard.stage.${stage}`);
  const totals = STAGES.map((stage) => ({ name: stageName(stage), count: data.stages.reduce((sum, row) => sum + row[stage], 0) }));
  return (
    <Card
      title={t('staffDashboard.movement')}
      data-testid="stage-chart"
      extra={
        <Space>
          <Typography.Text>{t('staffDashboard.fiscalYear')}</Typography.Text>
          <Select
            aria-label={t('staffDashboard.fiscalYear')}
            style={{ width: 140 }}
            value={data.fiscalYear ?? undefined}
            onChange={onFiscalYear}
            options={data.fiscalYears.map((year) => ({ value: year, label: formatDigits(year, language) }))}
            data-testid="dashboard-fiscal-year"
          />
        </Space>
      }
    >
      {data.stages.length === 0 ? (
        <Alert type="info" showIcon title={t('staffDashboard.noAdvertisements')} />
      ) : (
        <>
          <ResponsiveContainer width="100%" height={300}>
            <BarChart data={totals} margin={{ top: 24, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
              <YAxis tickFormatter={format.tick} allowDecimals={false} width={72} />
              <Tooltip formatter={format.tooltip} />
              <Bar dataKey="count" name={t('staffDashboard.applications')} fill={COLOURS.stage} isAnimationActive={false} label={{ position: 'top', formatter: format.tick }} />
            </BarChart>
          </ResponsiveContainer>
          <Typography.Title level={5}>{t('staffDashboard.movementTable')}</Typography.Title>
          <Table<StageRow>
            size="small"
            rowKey="advertisementId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={data.stages}
            data-testid="stage-table"
            columns={[
              { title: t('staffDashboard.advertisement'), dataIndex: 'advertisementCode', render: (code: string) => formatDigits(code, language) },
              { title: t('staffDashboard.post'), render: (_, row) => (language === 'ne' ? (row.postNameNp ?? row.postNameEn) : (row.postNameEn ?? row.postNameNp)) ?? '—' },
              ...STAGES.map((stage) => ({ title: stageName(stage), dataIndex: stage, align: 'right' as const, render: (value: number) => formatNumber(value, language) })),
            ]}
          />
        </>
      )}
    </Card>
  );
}
