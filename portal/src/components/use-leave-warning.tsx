import { Modal } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveBlocker } from './leave-blocker';

/**
 * spec §8 "An unsaved-data leave warning exists", on the antd pages: while `hasUnsavedInput` is
 * true, leaving the page inside the portal asks first (antd's confirmation), and closing or
 * reloading the tab gets the browser's own question (leave-blocker.ts). Render the returned
 * element (the dialog's host) in the page.
 */
export function useLeaveWarning(hasUnsavedInput: boolean): ReactElement {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useLeaveBlocker(hasUnsavedInput);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The blocker object changes only when its state does, so this opens one dialog per attempt.
    const dialog = modal.confirm({
      title: t('leave.title'),
      content: t('leave.body'),
      okText: t('leave.leave'),
      cancelText: t('leave.stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);

  return holder;
}
