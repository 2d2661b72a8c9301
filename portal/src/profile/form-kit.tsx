import { Alert, Button, Form, Modal, Radio, Select, type FormInstance } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../api/request';
import { dateFieldOf, useFieldErrors } from '../components';
import type { localizeIssues } from '../core-forms';
import { OPTION_GROUPS, optionKey, type OptionGroup } from './profile-options';
import { useReference, useReferenceName, type ReferenceList, type ReferenceRow } from './reference-data';
import { useReportUnsaved } from './unsaved-changes';

// Building blocks shared by the profile's forms: the save cycle (core schema first, then the
// API, messages under the fields), the spec §8 unsaved-data warning, and the selects of spec §3's
// enumerations and reference lists.

type SchemaError = Parameters<typeof localizeIssues>[0];
type SafeParser = { safeParse(value: unknown): { success: true } | { success: false; error: SchemaError } };

/** What a form shows while the profile is locked (spec §4) or a save is on the way. */
export type SectionFormState = { isLocked: boolean };

/**
 * One section form's cycle. `dateNames` are the DualDateInput fields whose messages arrive as
 * `<name>Ad` / `<name>Bs`; `order` is the form's field order, to scroll to the first message.
 */
export function useSectionForm<Fields extends object>(options: { dateNames?: readonly string[]; order: readonly string[] }) {
  const [form] = Form.useForm<Fields>();
  const { dateNames = [], order } = options;
  const fieldOf = useCallback((path: string) => dateFieldOf(path, dateNames), [dateNames]);
  const errors = useFieldErrors(fieldOf);
  const [isDirty, setDirty] = useState(false);
  const [isSaving, setSaving] = useState(false);
  useReportUnsaved(isDirty);

  function scrollTo(paths: string[]) {
    const first = order.find((field) => paths.map(fieldOf).includes(field));
    if (first) form.scrollToField(first, { block: 'center', focus: true });
  }

  /**
   * Checks `body` with the section's core schema, then sends it; server messages land under their
   * fields. Answers true when the save went through.
   */
  async function save<T>(
    schema: SafeParser,
    body: unknown,
    send: () => Promise<ApiResult<T>>,
    extraCheck?: () => Record<string, string[] | undefined>,
  ): Promise<boolean> {
    const parsed = schema.safeParse(body);
    // Rules the schema cannot see (the files a row needs), as messages under their fields.
    const extra = Object.fromEntries(Object.entries(extraCheck?.() ?? {}).filter((entry): entry is [string, string[]] => entry[1] !== undefined));
    if (!parsed.success) {
      errors.showSchemaError(parsed.error);
      scrollTo([...parsed.error.issues.map((issue) => issue.path.map(String).join('.')), ...Object.keys(extra)]);
      return false;
    }
    if (Object.keys(extra).length > 0) {
      errors.showServerErrors(extra);
      scrollTo(Object.keys(extra));
      return false;
    }
    errors.clearAll();
    setSaving(true);
    const result = await send();
    setSaving(false);
    if (result.ok) {
      setDirty(false);
      return true;
    }
    if (result.errors) {
      errors.showServerErrors(result.errors);
      scrollTo(Object.keys(result.errors));
    }
    return false;
  }

  function onValuesChange(changed: object) {
    setDirty(true);
    errors.clearFields(Object.keys(changed));
  }

  return { form, errors, isDirty, setDirty, isSaving, save, onValuesChange };
}

/** The Save button (and Cancel for a row form), kept apart from the fields. */
export function SaveBar({
  isSaving,
  isLocked,
  onCancel,
  saveLabel,
}: {
  isSaving: boolean;
  isLocked: boolean;
  onCancel?: () => void;
  saveLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="profile-save-bar">
      <Button type="primary" htmlType="submit" loading={isSaving} disabled={isLocked}>
        {saveLabel ?? t('profileForm.save')}
      </Button>
      {onCancel ? (
        <Button onClick={onCancel} disabled={isSaving}>
          {t('profileForm.cancel')}
        </Button>
      ) : null}
    </div>
  );
}

/** Messages about no field of the form (e.g. a lock, or a file rule the form has no field for). */
export function OtherMessages({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return <Alert type="error" showIcon title={messages.join(' ')} className="profile-form__other-messages" />;
}

type ControlProps<V> = { id?: string; value?: V | null; onChange?: (value: V) => void; disabled?: boolean };

/** A choice among one of spec §3's enumerations: radio buttons when few, else a select. */
export function OptionInput({ group, id, value, onChange, disabled, only }: ControlProps<string> & { group: OptionGroup; only?: readonly string[] }) {
  const { t } = useTranslation();
  const values = (only ?? OPTION_GROUPS[group]) as readonly string[];
  const options = values.map((option) => ({ value: option, label: t(optionKey(group, option)) }));
  if (values.length <= 3) {
    return (
      <Radio.Group id={id} value={value ?? undefined} onChange={(event) => onChange?.(event.target.value as string)} disabled={disabled} className="profile-radio">
        {options.map((option) => (
          <Radio key={option.value} value={option.value}>
            {option.label}
          </Radio>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Select<string>
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next)}
      disabled={disabled}
      options={options}
      placeholder={t('profileForm.choose')}
      style={{ width: '100%' }}
    />
  );
}

/** A yes/no answer as two radio buttons. */
export function YesNoInput({ id, value, onChange, disabled }: ControlProps<boolean>) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      id={id}
      value={value === null || value === undefined ? undefined : value ? 'yes' : 'no'}
      onChange={(event) => onChange?.(event.target.value === 'yes')}
      disabled={disabled}
      className="profile-radio"
    >
      <Radio value="yes">{t(optionKey('yesNo', 'yes'))}</Radio>
      <Radio value="no">{t(optionKey('yesNo', 'no'))}</Radio>
    </Radio.Group>
  );
}

/** Marks the choice "other" in a select of reference rows (ids are positive). */
export const OTHER_CHOICE = -1;

/**
 * A reference list as a searchable select, by name in the reading language and also found by
 * the other language's name. `withOther` adds "Other (type it)" at the end (spec §3 casteOther...).
 */
export function ReferenceSelect<Row extends ReferenceRow>({
  list,
  query,
  id,
  value,
  onChange,
  disabled,
  withOther,
  labelOf,
  filter,
  allowClear,
}: ControlProps<number> & {
  list: ReferenceList;
  query?: string;
  withOther?: boolean;
  labelOf?: (row: Row) => string;
  filter?: (row: Row) => boolean;
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useReferenceName();
  const isEnabled = query === undefined || !query.endsWith('=');
  const reference = useReference<Row>(list, query, isEnabled);
  const options = useMemo(() => {
    const rows = filter ? reference.rows.filter(filter) : reference.rows;
    const built = rows.map((row) => ({
      value: row.id,
      label: labelOf ? labelOf(row) : nameOf(row),
      search: `${row.nameEn} ${row.nameNp}`.toLowerCase(),
    }));
    if (withOther) built.push({ value: OTHER_CHOICE, label: t('profileForm.otherChoice'), search: `other अन्य ${t('profileForm.otherChoice')}`.toLowerCase() });
    return built;
  }, [reference.rows, filter, labelOf, nameOf, withOther, t]);
  return (
    <>
      <Select<number>
        id={id}
        value={value ?? undefined}
        onChange={(next) => onChange?.(next)}
        disabled={disabled || !isEnabled}
        loading={reference.isLoading}
        options={options}
        placeholder={t('profileForm.choose')}
        allowClear={allowClear}
        showSearch={{ filterOption: (input, option) => String(option?.search ?? '').includes(input.trim().toLowerCase()) }}
        notFoundContent={reference.isLoading ? t('loader.label') : t('profileForm.noChoices')}
        style={{ width: '100%' }}
      />
      {reference.hasFailed ? (
        <Button type="link" size="small" onClick={reference.retry}>
          {t('profileForm.retryList')}
        </Button>
      ) : null}
    </>
  );
}

/** A Form.Item for a section form, with its messages from useSectionForm. */
export function Field({
  name,
  label,
  errors,
  children,
  optional,
  hint,
  hidden,
}: {
  name: string;
  label: ReactNode;
  errors: ReturnType<typeof useFieldErrors>;
  children: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  hidden?: boolean;
}) {
  const { t } = useTranslation();
  const props = errors.itemProps(name);
  return (
    <Form.Item
      name={name}
      hidden={hidden}
      label={
        <>
          <span className="profile-label">{label}</span>
          {optional ? <span className="profile-optional">({t('profileForm.optional')})</span> : null}
        </>
      }
      extra={props.help ? undefined : hint}
      {...props}
    >
      {children}
    </Form.Item>
  );
}

/** Clears a form's fields back to their saved values after a Cancel. */
export function resetForm<Fields extends object>(form: FormInstance<Fields>, values: Partial<Fields>) {
  form.resetFields();
  form.setFieldsValue(values as never);
}

/**
 * spec §5: "Changing group or level asks confirmation because the uploaded file is deleted too."
 * While editing a saved row, moving `field` away from its saved value asks first; "no" puts the
 * saved value back. Render `holder` in the form.
 */
export function useConfirmReplacingChange<Fields extends object>(form: FormInstance<Fields>, field: keyof Fields & string, savedValue: unknown, hasFiles: boolean) {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [isConfirmed, setConfirmed] = useState(false);

  function check(changed: Partial<Fields>): void {
    if (!(field in changed) || !hasFiles || savedValue === undefined || isConfirmed) return;
    if (changed[field] === savedValue) return;
    void modal.confirm({
      title: t('profileForm.replaceFilesTitle'),
      content: t('profile.confirmGroupChange'),
      okText: t('profileForm.replaceFilesConfirm'),
      cancelText: t('profileForm.cancel'),
      onOk: () => setConfirmed(true),
      onCancel: () => form.setFieldsValue({ [field]: savedValue } as never),
    });
  }

  /** True once the candidate agreed: the row's files will be replaced and must be chosen again. */
  return { check, holder, isReplacing: isConfirmed && form.getFieldValue(field as never) !== savedValue };
}
