import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import AntdFrame from '../../antd-frame';
import { PasswordHelpForm, type PasswordHelpMode } from './password-help-form';
import './account.css';

type Props = { mode: PasswordHelpMode; isOpen: boolean; initialLogin?: string; onClose: () => void };

/**
 * "Forgot password" and "request a new password" from the sign-in page. A dialog rather than a
 * route: spec §2 gives signed-out visitors only /login, /faq, /register and /exisiting-user.
 */
export default function PasswordHelpDialog({ mode, isOpen, initialLogin, onClose }: Props) {
  const { t } = useTranslation();
  // In antd's theme: the sign-in page that opens it is drawn without antd.
  return (
    <AntdFrame>
      <Modal
        open={isOpen}
        title={mode === 'new-password' ? t('passwordHelp.newPasswordTitle') : t('passwordHelp.forgotTitle')}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
        className="password-help-dialog"
      >
        {/* Destroyed when hidden: each opening starts afresh, without the message of the last one. */}
        <PasswordHelpForm key={mode} mode={mode} initialLogin={initialLogin} />
      </Modal>
    </AntdFrame>
  );
}
