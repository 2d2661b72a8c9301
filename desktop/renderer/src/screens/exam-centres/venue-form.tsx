import { examVenueSchema, localizeIssues } from '@psc/core';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { NumberInput } from '../../components/number-input';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';
import { invokeWorkstation } from '../../workstation/workstation-client';
import type { ExamVenueDetail, ExamVenueRow } from './exam-centres-api';

export type CityOption = { value: number; label: string };

/** The cities (master data exam-centres, from the local cache) for pickers and filters. */
export function useCities(): CityOption[] {
  const { language } = useLanguage();
  const [cities, setCities] = useState<CityOption[]>([]);
  useEffect(() => {
    let isCurrent = true;
    void invokeWorkstation('master.list', { type: 'exam-centres', page: 1, pageSize: 500 })
      .then((result) => {
        if (isCurrent) {
          setCities(result.items.map((row) => ({ value: Number(row.id), label: String((language === 'ne' ? row.nameNp : row.nameEn) ?? row.nameEn) })));
        }
      })
      .catch(() => setCities([]));
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return cities;
}

type VenueFormValues = {
  examCentreId?: number;
  nameEn?: string;
  nameNp?: string;
  addressEn?: string;
  addressNp?: string;
  capacity?: number;
  contactPerson?: string;
  contactNumber?: string;
  isActive: boolean;
};

const FIELDS = ['nameEn', 'nameNp', 'addressEn', 'addressNp'] as const;

/**
 * Add or change an exam centre (spec §3 "Exam centre"). The form checks with the API's own schema
 * before sending; whatever is refused is shown on its field and the typed values stay.
 */
export function VenueForm({
  venue,
  defaultCityId,
  onClose,
  onSaved,
}: {
  venue: ExamVenueRow | ExamVenueDetail | null;
  defaultCityId?: number | undefined;
  onClose: () => void;
  onSaved: (saved: { id: number }) => Promise<void> | void;
}) {
  const { t, language } = useLanguage();
  const { message } = App.useApp();
  const cities = useCities();
  const [form] = Form.useForm<VenueFormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const initialValues = useMemo<VenueFormValues>(
    () =>
      venue
        ? {
            examCentreId: venue.examCentreId,
            nameEn: venue.nameEn,
            nameNp: venue.nameNp,
            addressEn: venue.addressEn,
            addressNp: venue.addressNp,
            capacity: venue.capacity,
            contactPerson: venue.contactPerson ?? '',
            contactNumber: venue.contactNumber ?? '',
            isActive: venue.isActive,
          }
        : { ...(defaultCityId ? { examCentreId: defaultCityId } : {}), isActive: true },
    [venue, defaultCityId],
  );

  async function submit() {
    const body = form.getFieldsValue(true);
    const parsed = examVenueSchema.safeParse(body);
    if (!parsed.success) {
      form.setFields(Object.entries(localizeIssues(parsed.error, language)).map(([name, errors]) => ({ name: name as keyof VenueFormValues, errors })));
      return;
    }
    setIsSaving(true);
    try {
      const result = await callApi<{ id: number }>(venue ? `/api/admin/exam-venues/${venue.id}` : '/api/admin/exam-venues', { method: venue ? 'PUT' : 'POST', body });
      if (!result.ok) {
        if (result.errors) form.setFields(Object.entries(result.errors).map(([name, errors]) => ({ name: name as keyof VenueFormValues, errors })));
        void message.error({ content: result.message, key: 'venue-save' });
        return;
      }
      void message.success({ content: result.message, key: 'venue-save' });
      await onSaved(result.data);
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Modal
      open
      title={t(venue ? 'examCentres.editTitle' : 'examCentres.addTitle')}
      okText={t('examCentres.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'venue-save' } as Record<`data-${string}`, string>}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} data-testid="venue-form" onFinish={() => void submit()}>
        <Form.Item name="examCentreId" label={t('examCentres.city')} required>
          <Select data-testid="venue-city" showSearch={{ optionFilterProp: 'label' }} options={cities} aria-label={t('examCentres.city')} />
        </Form.Item>
        {FIELDS.map((field) => (
          <Form.Item key={field} name={field} label={t(`examCentres.${field}`)} required>
            <Input data-field={field} />
          </Form.Item>
        ))}
        <Form.Item name="capacity" label={t('examCentres.capacity')} required>
          <NumberInput data-field="capacity" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="contactPerson" label={t('examCentres.contactPerson')}>
          <Input data-field="contactPerson" />
        </Form.Item>
        <Form.Item name="contactNumber" label={t('examCentres.contactNumber')}>
          <Input data-field="contactNumber" />
        </Form.Item>
        <Form.Item name="isActive" label={t('examCentres.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {/* Enter in a field saves, as the OK button does. */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
