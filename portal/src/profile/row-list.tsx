import { Button, Card, Empty, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePreview } from '../components/files/file-preview';
import { deleteRow } from './profile-api';
import type { FileRef, ListPath } from './profile-types';

// The list sections of spec §3 (inclusive groups, education, training, professional council,
// experience): each row shown as a card with its files, and add, edit and delete (asked first).
// One row form is open at a time (spec §5: "Only one group is updated at a time").

export type RowDescription = {
  heading: string;
  items: { label: string; value: ReactNode }[];
  files: { label: string; file: FileRef | null }[];
};

type Props<Row extends { id: number }> = {
  path: ListPath;
  title: string;
  rows: readonly Row[];
  isLocked: boolean;
  addLabel: string;
  emptyText: string;
  describe: (row: Row) => RowDescription;
  /** The add (row null) or edit form; it calls close() when saved or cancelled. */
  renderForm: (row: Row | null, close: () => void) => ReactNode;
  /** Shown above the list (a rule the candidate must know). */
  note?: ReactNode;
};

export function RowList<Row extends { id: number }>({ path, title, rows, isLocked, addLabel, emptyText, describe, renderForm, note }: Props<Row>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [modal, holder] = Modal.useModal();
  const close = () => setEditing(null);

  function confirmDelete(row: Row) {
    const { heading } = describe(row);
    void modal.confirm({
      title: t('profileForm.deleteTitle'),
      content: t('profileForm.deleteBody', { item: heading }),
      okText: t('profileForm.delete'),
      okButtonProps: { danger: true },
      cancelText: t('profileForm.cancel'),
      onOk: async () => {
        const result = await deleteRow(path, row.id);
        if (result.ok && editing === row.id) close();
      },
    });
  }

  const headingId = `list-${path}`;

  return (
    <section className="profile-subsection" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId} className="profile-tab__title">
          {title}
        </h2>
        {editing === null ? (
          <Button type="primary" onClick={() => setEditing('new')} disabled={isLocked}>
            {addLabel}
          </Button>
        ) : null}
      </div>
      {note}
      {editing === 'new' ? (
        <Card size="small" className="profile-row-form" title={addLabel}>
          {renderForm(null, close)}
        </Card>
      ) : null}
      {rows.length === 0 && editing !== 'new' ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : null}
      <ul className="profile-rows">
        {rows.map((row) => {
          const description = describe(row);
          if (editing === row.id) {
            return (
              <li key={row.id}>
                <Card size="small" className="profile-row-form" title={t('profileForm.editing', { item: description.heading })}>
                  {renderForm(row, close)}
                </Card>
              </li>
            );
          }
          return (
            <li key={row.id}>
              <Card
                size="small"
                className="profile-row"
                title={description.heading}
                extra={
                  <span className="profile-row__actions">
                    <Button size="small" onClick={() => setEditing(row.id)} disabled={isLocked || editing !== null} aria-label={t('profileForm.editItem', { item: description.heading })}>
                      {t('profileForm.edit')}
                    </Button>
                    <Button size="small" danger onClick={() => confirmDelete(row)} disabled={isLocked || editing !== null} aria-label={t('profileForm.deleteItem', { item: description.heading })}>
                      {t('profileForm.delete')}
                    </Button>
                  </span>
                }
              >
                <dl className="profile-row__items">
                  {description.items.map((item) => (
                    <div key={item.label} className="profile-row__item">
                      <dt>{item.label}</dt>
                      <dd>{item.value}</dd>
                    </div>
                  ))}
                </dl>
                {description.files.some((file) => file.file) ? (
                  <div className="profile-row__files">
                    {description.files
                      .filter((file) => file.file)
                      .map((file) => (
                        <figure key={file.label} className="profile-row__file">
                          <FilePreview source={file.file} label={file.label} />
                          <figcaption>{file.label}</figcaption>
                        </figure>
                      ))}
                  </div>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      {holder}
    </section>
  );
}
