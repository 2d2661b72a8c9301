import { Alert, Button } from 'antd';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileFileRef as FileRef } from '@psc/core';
import type { UploadRule } from '../../core-forms';
import { checkFile } from './check-file';
import { FilePreview } from './file-preview';
import { shrinkImage } from './shrink-image';
import { useFileSize } from './use-file-size';
import './files.css';

type Problem =
  | { kind: 'message'; key: string }
  | { kind: 'tooLarge'; file: File; canShrink: boolean }
  | { kind: 'shrunk'; from: number; to: number };

type Props = {
  /** Given by antd's Form.Item: the label points at the file input. */
  id?: string;
  /** A file chosen now and not yet sent; null keeps the stored one. */
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** What may be chosen (core's upload rules: PROFILE_UPLOADS[...], VOUCHER_UPLOAD). */
  rule: UploadRule;
  /** The file stored now, shown until another is chosen. */
  existing?: FileRef | null;
  /** spec §5 pictures (photograph, signature, voucher): offer to make one over the limit smaller. */
  canShrink?: boolean;
  disabled?: boolean;
  /** What the file is ("Photograph"), for the preview's text. */
  label: string;
  /** The file input's test id. */
  testId?: string;
};

/**
 * A file to upload (spec §5 "Files": profile documents, the bank voucher): checked here first by
 * its content and the 500 KB limit, with a preview, and a button in the portal's language rather
 * than the browser's; the server checks again when it is sent.
 */
export function FilePicker({ id, value, onChange, rule, existing, canShrink, disabled, label, testId }: Props) {
  const { t } = useTranslation();
  const formatSize = useFileSize();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isShrinking, setShrinking] = useState(false);
  const ownId = useId();
  const inputId = id ?? ownId;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const check = await checkFile(file, rule);
    if (check.ok) {
      setProblem(null);
      onChange?.(file);
      return;
    }
    onChange?.(null);
    if (check.problem === 'size') {
      const isPicture = check.contentType === 'image/jpeg' || check.contentType === 'image/png';
      setProblem({ kind: 'tooLarge', file, canShrink: Boolean(canShrink) && isPicture });
      return;
    }
    setProblem({ kind: 'message', key: check.problem === 'empty' ? 'validation.fileEmptyOrDamaged' : rule.typeMessage });
  }

  async function shrink(file: File) {
    setShrinking(true);
    const smaller = await shrinkImage(file, rule.maxBytes);
    setShrinking(false);
    if (!smaller) {
      setProblem({ kind: 'message', key: 'profileForm.shrinkFailed' });
      return;
    }
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'picture'}.jpg`;
    onChange?.(new File([smaller], name, { type: 'image/jpeg' }));
    setProblem({ kind: 'shrunk', from: file.size, to: smaller.size });
  }

  return (
    <div className="file-picker">
      {value ? (
        <div className="file-picker__chosen">
          <FilePreview source={value} label={label} />
          <span>
            {t('profileForm.fileChosen', { name: value.name, size: formatSize(value.size) })}
          </span>
        </div>
      ) : existing ? (
        <div className="file-picker__chosen">
          <FilePreview source={existing} label={label} />
          <span className="muted">{t('profileForm.fileStored', { size: formatSize(existing.byteSize) })}</span>
        </div>
      ) : null}
      {/* The browser's own file button speaks the browser's language; this one the portal's. */}
      <div className="file-picker__choose">
        <input
          id={inputId}
          type="file"
          className="file-picker__input"
          accept={rule.accept}
          disabled={disabled || isShrinking}
          data-testid={testId}
          onChange={(event) => {
            void choose(event);
            // The same file can be chosen again after a refusal.
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={`file-picker__button${disabled ? ' file-picker__button--disabled' : ''}`}>
          {value || existing ? t('profileForm.chooseOtherFile') : t('profileForm.chooseFile')}
        </label>
      </div>
      <span className="file-picker__rule muted">{t('profileForm.fileRule', { types: t(rule.typeMessage) })}</span>
      {problem?.kind === 'message' ? <Alert type="error" showIcon title={t(problem.key)} role="alert" /> : null}
      {problem?.kind === 'tooLarge' ? (
        <Alert
          type={problem.canShrink ? 'warning' : 'error'}
          showIcon
          role="alert"
          title={t('profileForm.fileTooLarge', { size: formatSize(problem.file.size) })}
          action={
            problem.canShrink ? (
              <Button size="small" type="primary" loading={isShrinking} onClick={() => void shrink(problem.file)}>
                {t('profileForm.shrink')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {problem?.kind === 'shrunk' && value ? (
        <Alert type="success" showIcon title={t('profileForm.shrunk', { from: formatSize(problem.from), to: formatSize(problem.to) })} />
      ) : null}
    </div>
  );
}
