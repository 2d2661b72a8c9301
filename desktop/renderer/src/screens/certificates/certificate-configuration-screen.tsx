import {
  CERTIFICATE_PLACEHOLDER_LABELS,
  CERTIFICATE_PLACEHOLDERS,
  certificateConfigurationSchema,
  fillCertificateBody,
  formatDigits,
  type CertificateConfigurationInput,
  type CertificateValues,
} from '@psc/core';
import { App, Alert, Button, Card, Col, Form, Input, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { showFieldErrors } from '../../components/show-field-errors';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { useActions } from '../../stores/session-store';
import {
  certificateAdvertisementsPath,
  certificateConfigurationPath,
  saveCertificateConfiguration,
  type CertificateAdvertisementRow,
  type CertificateConfigurationView,
} from './certificates-api';

// spec §2 certificate-configuration [FS]: per advertisement, the text its recommendation
// certificates print in Nepali and English (placeholders listed beside it, filled per candidate),
// the signatory's name and title, and the commission's seal (an image the API checks by its
// content). The preview fills the text with sample values as core's one rule fills every
// certificate, so what is typed is what prints.

type Fields = Required<CertificateConfigurationInput>;

const EMPTY: Fields = { bodyNp: '', bodyEn: '', signatoryNameNp: '', signatoryNameEn: '', signatoryTitleNp: '', signatoryTitleEn: '' };

function Preview({ values, sample, seal, lang }: { values: Fields; sample: CertificateValues; seal: string | null; lang: 'ne' | 'en' }) {
  const body = fillCertificateBody(lang === 'ne' ? values.bodyNp : values.bodyEn, sample, lang);
  return (
    <div className="certificate-preview" data-testid={`certificate-preview-${lang}`} lang={lang === 'ne' ? 'ne' : 'en'} style={{ border: '1px solid #d9d9d9', padding: 16, background: '#fff' }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{body}</Typography.Paragraph>
      <Row justify="space-between" align="bottom">
        <Col>{seal ? <img src={seal} alt="" style={{ width: 72, height: 72, objectFit: 'contain' }} /> : null}</Col>
        <Col style={{ textAlign: 'center' }}>
          <div style={{ borderTop: '1px solid #000', minWidth: 160, marginTop: 32 }} />
          <strong>{lang === 'ne' ? values.signatoryNameNp : values.signatoryNameEn}</strong>
          <div>{lang === 'ne' ? values.signatoryTitleNp : values.signatoryTitleEn}</div>
        </Col>
      </Row>
    </div>
  );
}

export function CertificateConfigurationScreen() {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const actions = useActions('FS');
  const canSave = actions.has('update');
  const [form] = Form.useForm<Fields>();
  const values = (Form.useWatch([], form) as Fields | undefined) ?? EMPTY;
  const [advertisementId, setAdvertisementId] = useState<number | null>(null);
  const [seal, setSeal] = useState<{ file: File; url: string } | null>(null);
  const [removeSeal, setRemoveSeal] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const list = useApiQuery<CertificateAdvertisementRow[]>(certificateAdvertisementsPath);
  const detail = useApiQuery<CertificateConfigurationView>(advertisementId === null ? null : certificateConfigurationPath(advertisementId));
  const view = detail.data && detail.data.advertisement.id === advertisementId ? detail.data : null;
  const digits = (value: number | string) => formatDigits(value, language);
  const postName = (row: { postNameEn: string | null; postNameNp: string | null }) => (language === 'ne' ? row.postNameNp || row.postNameEn : row.postNameEn || row.postNameNp) ?? '';

  // A newly opened advertisement starts from its saved configuration, or empty.
  useEffect(() => {
    if (!view) return;
    const { configuration } = view;
    form.setFieldsValue(configuration ? { ...EMPTY, ...configuration } : EMPTY);
    setSeal(null);
    setRemoveSeal(false);
  }, [view?.advertisement.id, view?.configuration?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  // The chosen file's object URL goes with it.
  useEffect(() => () => (seal ? URL.revokeObjectURL(seal.url) : undefined), [seal]);

  const sample = useMemo<CertificateValues | null>(() => {
    if (!view) return null;
    const post = { np: view.advertisement.postNameNp ?? view.advertisement.postNameEn ?? '', en: view.advertisement.postNameEn ?? '' };
    return {
      name: { np: 'सीता कुमारी श्रेष्ठ', en: 'Sita Kumari Shrestha' },
      rollNumber: '1002345',
      post,
      advertisementCode: view.advertisement.code,
      fiscalYear: view.advertisement.fiscalYear,
      office: { np: 'लोक सेवा आयोग', en: 'Public Service Commission' },
      quota: { np: 'खुला', en: 'Open' },
      position: 1,
    };
  }, [view]);

  const shownSeal = seal?.url ?? (removeSeal ? null : (view?.seal ?? null));

  const save = async () => {
    if (advertisementId === null) return;
    const current = { ...EMPTY, ...form.getFieldsValue() };
    const checked = certificateConfigurationSchema.safeParse(current);
    if (!checked.success) {
      showFieldErrors(form, t, checked.error.issues);
      return;
    }
    form.setFields((Object.keys(EMPTY) as (keyof Fields)[]).map((name) => ({ name, errors: [] })));
    setIsSaving(true);
    try {
      const result = await saveCertificateConfiguration(advertisementId, checked.data, seal?.file ?? null, removeSeal && !seal);
      if (!result.ok) {
        if (!showFieldErrors(form, t, result.errors)) void message.error({ content: result.message, key: 'certificate' });
        return;
      }
      void message.success(result.message);
      void detail.reload();
      void list.reload();
    } finally {
      setIsSaving(false);
    }
  };

  const textArea = (name: keyof Fields, label: 'certificateScreen.bodyNp' | 'certificateScreen.bodyEn', lang: 'ne' | 'en') => (
    <Form.Item name={name} label={t(label)} required>
      <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={1500} showCount disabled={!canSave} lang={lang} data-testid={`certificate-${name}`} />
    </Form.Item>
  );
  const line = (name: keyof Fields, label: Parameters<typeof t>[0]) => (
    <Form.Item name={name} label={t(label)} required>
      <Input maxLength={120} disabled={!canSave} data-testid={`certificate-${name}`} />
    </Form.Item>
  );

  return (
    <Card title={t('route.certificateConfiguration')} data-testid="certificate-configuration">
      <ErrorAlert message={list.error?.message ?? detail.error?.message} />
      {list.data && list.data.length === 0 ? <Alert type="info" showIcon title={t('certificateScreen.none')} /> : null}
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Select<number>
          showSearch
          optionFilterProp="label"
          style={{ width: '100%', maxWidth: 560 }}
          placeholder={t('certificateScreen.chooseAdvertisement')}
          aria-label={t('certificateScreen.advertisement')}
          data-testid="certificate-advertisement"
          loading={list.isLoading}
          value={advertisementId ?? undefined}
          onChange={setAdvertisementId}
          options={(list.data ?? []).map((row) => ({
            value: row.id,
            label: `${digits(row.code)} · ${postName(row)} · ${row.isConfigured ? t('certificateScreen.configured') : t('certificateScreen.notConfigured')}`,
          }))}
        />
        {view && sample ? (
          <>
            {!canSave ? <Alert type="info" showIcon title={t('certificateScreen.readOnly')} /> : null}
            <div data-testid="certificate-placeholders">
              <Typography.Text type="secondary">{t('certificateScreen.placeholders')}:</Typography.Text>{' '}
              {CERTIFICATE_PLACEHOLDERS.map((key) => (
                <Tag key={key} style={{ marginBlock: 2 }}>
                  <code>{`{${key}}`}</code> {language === 'ne' ? CERTIFICATE_PLACEHOLDER_LABELS[key].np : CERTIFICATE_PLACEHOLDER_LABELS[key].en}
                </Tag>
              ))}
            </div>
            <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={() => void save()}>
              <Row gutter={16}>
                <Col xs={24} lg={12}>
                  {textArea('bodyNp', 'certificateScreen.bodyNp', 'ne')}
                  {line('signatoryNameNp', 'certificateScreen.signatoryNameNp')}
                  {line('signatoryTitleNp', 'certificateScreen.signatoryTitleNp')}
                </Col>
                <Col xs={24} lg={12}>
                  {textArea('bodyEn', 'certificateScreen.bodyEn', 'en')}
                  {line('signatoryNameEn', 'certificateScreen.signatoryNameEn')}
                  {line('signatoryTitleEn', 'certificateScreen.signatoryTitleEn')}
                </Col>
              </Row>
              <Form.Item label={t('certificateScreen.seal')}>
                <Space wrap>
                  <Upload
                    accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                    maxCount={1}
                    showUploadList={false}
                    disabled={!canSave}
                    beforeUpload={(file) => {
                      setSeal({ file, url: URL.createObjectURL(file) });
                      setRemoveSeal(false);
                      // Kept until Save: the file goes with the form, not on its own.
                      return false;
                    }}
                  >
                    <Button disabled={!canSave} data-testid="certificate-seal-choose">
                      {t('certificateScreen.chooseSeal')}
                    </Button>
                  </Upload>
                  {shownSeal ? (
                    <Button
                      disabled={!canSave}
                      onClick={() => {
                        setSeal(null);
                        setRemoveSeal(true);
                      }}
                      data-testid="certificate-seal-remove"
                    >
                      {t('certificateScreen.removeSeal')}
                    </Button>
                  ) : (
                    <Typography.Text type="secondary">{t('certificateScreen.noSeal')}</Typography.Text>
                  )}
                  {shownSeal ? <img src={shownSeal} alt={t('certificateScreen.seal')} style={{ width: 64, height: 64, objectFit: 'contain' }} data-testid="certificate-seal-image" /> : null}
                </Space>
              </Form.Item>
              {canSave ? (
                <Button type="primary" htmlType="submit" loading={isSaving} data-testid="certificate-save">
                  {t('certificateScreen.save')}
                </Button>
              ) : null}
            </Form>
            <Typography.Title level={5}>{t('certificateScreen.preview')}</Typography.Title>
            <Typography.Text type="secondary">{t('certificateScreen.previewNote')}</Typography.Text>
            <Row gutter={16}>
              <Col xs={24} lg={12}>
                <Preview values={{ ...EMPTY, ...values }} sample={sample} seal={shownSeal} lang="ne" />
              </Col>
              <Col xs={24} lg={12}>
                <Preview values={{ ...EMPTY, ...values }} sample={sample} seal={shownSeal} lang="en" />
              </Col>
            </Row>
          </>
        ) : null}
      </Space>
    </Card>
  );
}
