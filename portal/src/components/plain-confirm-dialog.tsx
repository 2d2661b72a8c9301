import { useEffect, useId, useRef } from 'react';

type Props = {
  isOpen: boolean;
  title: string;
  body: string;
  okText: string;
  cancelText: string;
  /** The OK button in the error colour: it loses something (leaving unsaved input). */
  isDanger?: boolean;
  onOk: () => void;
  onCancel: () => void;
};

/**
 * A question with OK and Cancel on the first screens, as the browser's modal <dialog> rather than
 * antd's Modal: the browser keeps the focus inside it, Escape cancels it and a screen reader reads
 * it as a dialog named by its title. Cancel has the focus first, so Enter does not lose anything.
 */
export function PlainConfirmDialog({ isOpen, title, body, okText, cancelText, isDanger = false, onOk, onCancel }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialogRef}
      className="plain-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: the dialog closes through isOpen, as after a click on Cancel.
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="plain-dialog__title">
        {title}
      </h2>
      <p id={bodyId} className="plain-dialog__body">
        {body}
      </p>
      <div className="plain-dialog__actions">
        <button type="button" className="plain-button" onClick={onCancel} autoFocus>
          {cancelText}
        </button>
        <button type="button" className={isDanger ? 'plain-button plain-button--danger' : 'plain-button plain-button--primary'} onClick={onOk}>
          {okText}
        </button>
      </div>
    </dialog>
  );
}
