import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ItemErrorProps } from '../../components';

type Props = { itemProps: (field: string) => ItemErrorProps };

/** New password and its confirmation, with the spec §5 rule said before anyone gets it wrong. */
export function NewPasswordFields({ itemProps }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('password.new')} name="newPassword" extra={t('password.rule')} {...itemProps('newPassword')}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Form.Item label={t('password.confirm')} name="confirmPassword" {...itemProps('confirmPassword')}>
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
    </>
  );
}
