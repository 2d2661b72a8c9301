import { formatDigits } from '@psc/core';
import { App, Button, Card, Form, Input, Radio, Select, Table } from 'antd';
import { useState } from 'react';
import type { PrintLanguage } from '../../../../main/services/contract';
import { ErrorAlert } from '../../components/error-alert';
import { saveFile } from '../../components/save-file';
import { bilingual } from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi, toPaged, type Paged } from '../../staff/staff-api';
import { applicationFormPdfPath, applicationFormsPath, type ApplicationFormRow } from './print-api';

// spec §2 generate/form [MC]: an advertisement's applications searched by name, roll number or
// master id; the candidate's filled application form downloaded as the API prints it (the same
// template in every build, so the workstation needs no second copy of the form's data rules).

type AdvertisementOption = { id: number; code?: string; advertisementCode?: string; titleEn?: string; titleNp?: string; postNameEn?: string; postNameNp?: string };

export function GenerateFormScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const advertisements = useApiQuery<unknown>('/api/admin/advertisements?pageSize=100');
  const [advertisementId, setAdvertisementId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [submitted, setSubmitted] = useState<{ search: string; page: number } | null>(null);
  const [lang, setLang] = useState<PrintLanguage>(language);
  const [downloading, setDownloading] = useState<number | null>(null);
  const forms = useApiQuery<Paged<ApplicationFormRow>>(submitted ? applicationFormsPath(advertisementId, submitted.search, submitted.page) : null);

  async function download(row: ApplicationFormRow) {
    setDownloading(row.applicationId);
    const result = await callApi<Blob>(applicationFormPdfPath(row.applicationId, lang), { as: 'blob' });
    setDownloading(null);
    if (!result.ok) void message.error(result.message);
    else saveFile(result.data, `application-form-${row.advertisementCode}-${row.rollNumber ?? row.applicationId}.pdf`.replace(/[^\w.-]+/g, '-'));
  }

  return (
    <Card title={t('route.generateForm')} data-testid="generate-form">
      <ErrorAlert message={forms.error?.message} />
      <Form layout="inline" onFinish={() => setSubmitted({ search: search.trim(), page: 1 })} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('formScreen.advertisement')}>
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 280 }}
            data-testid="form-advertisement"
            placeholder={t('formScreen.chooseAdvertisement')}
            aria-label={t('formScreen.chooseAdvertisement')}
            value={advertisementId ?? undefined}
            onChange={(value) => setAdvertisementId(value ?? null)}
            options={toPaged<AdvertisementOption>(advertisements.data).items.map((row) => ({
              value: row.id,
              label: `${formatDigits(row.advertisementCode ?? row.code ?? String(row.id), language)} ${bilingual(language, row.postNameEn ?? row.titleEn, row.postNameNp ?? row.titleNp)}`.trim(),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Input.Search data-testid="form-search" placeholder={t('formScreen.search')} value={search} onChange={(event) => setSearch(event.target.value)} onSearch={() => setSubmitted({ search: search.trim(), page: 1 })} enterButton={t('formScreen.find')} style={{ minWidth: 320 }} />
        </Form.Item>
        <Form.Item label={t('printScreen.language')}>
          <Radio.Group value={lang} onChange={(event) => setLang(event.target.value as PrintLanguage)}>
            <Radio value="ne">नेपाली</Radio>
            <Radio value="en">English</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
      {submitted ? (
        <Table<ApplicationFormRow>
          rowKey="applicationId"
          size="small"
          data-testid="form-results"
          loading={forms.isLoading}
          dataSource={forms.data?.items ?? []}
          locale={{ emptyText: t('formScreen.none') }}
          pagination={{ current: submitted.page, total: forms.data?.total ?? 0, pageSize: 20, showSizeChanger: false, onChange: (page) => setSubmitted({ ...submitted, page }) }}
          columns={[
            { title: t('formScreen.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
            { title: t('formScreen.rollNumber'), key: 'roll', render: (_, row) => (row.rollNumber ? formatDigits(row.rollNumber, language) : '—') },
            { title: t('formScreen.name'), key: 'name', render: (_, row) => bilingual(language, row.nameEn, row.nameNp) },
            { title: t('formScreen.masterId'), key: 'master', render: (_, row) => (row.masterId === null ? '—' : formatDigits(String(row.masterId), language)) },
            { title: t('formScreen.receipt'), dataIndex: 'receiptCode' },
            {
              title: '',
              key: 'download',
              render: (_, row) => (
                <Button size="small" loading={downloading === row.applicationId} onClick={() => void download(row)} data-testid={`form-download-${row.applicationId}`}>
                  {t('formScreen.download')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
