import { useText } from '../i18n/texts';
import { useLeaveBlocker } from './leave-blocker';
import { PlainConfirmDialog } from './plain-confirm-dialog';

/**
 * spec §8 "An unsaved-data leave warning exists", on the first screens (registration) without
 * antd: while `hasUnsavedInput` is true, leaving the page inside the portal asks first in a plain
 * dialog, and closing or reloading the tab gets the browser's own question.
 */
export function PlainLeaveWarning({ hasUnsavedInput }: { hasUnsavedInput: boolean }) {
  const { t } = useText();
  const blocker = useLeaveBlocker(hasUnsavedInput);
  return (
    <PlainConfirmDialog
      isOpen={blocker.state === 'blocked'}
      title={t('leave.title')}
      body={t('leave.body')}
      okText={t('leave.leave')}
      cancelText={t('leave.stay')}
      isDanger
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
