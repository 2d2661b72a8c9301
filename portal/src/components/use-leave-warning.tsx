import { Modal } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * spec §8 "An unsaved-data leave warning exists": while `hasUnsavedInput` is true, leaving the
 * page inside the portal asks first (a confirmation the person answers), and closing or reloading
 * the tab gets the browser's own question. Render the returned element (the dialog's host) in
 * the page.
 */
export function useLeaveWarning(hasUnsavedInput: boolean): ReactElement {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedInput && currentLocation.pathname !== nextLocation.pathname);

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

  useEffect(() => {
    if (!hasUnsavedInput) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers still need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasUnsavedInput]);

  return holder;
}
