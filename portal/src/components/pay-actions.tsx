import { Button, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../hooks/use-format';
import { voucherPath, type PayTarget } from '../routes/apply-paths';
import { useSessionStore } from '../stores/session-store';
import { postToGateway, startOnlinePayment } from '../api/payments-api';

// The two ways to pay a due charge (spec §1): online through the gateway (the API's signed form
// posted as it is), or a bank voucher uploaded at /voucher-upload/... (spec §2 route).

export function PayActions({ target }: { target: PayTarget }) {
  const { t } = useFormat();
  const navigate = useNavigate();
  const masterId = useSessionStore((state) => state.init?.user.masterId);
  const [isStarting, setIsStarting] = useState(false);

  const payOnline = async () => {
    setIsStarting(true);
    const result = await startOnlinePayment(target.chargeId);
    // On success the page is left for the gateway; the button stays busy until it goes.
    if (result.ok) postToGateway(result.data.form);
    else setIsStarting(false);
  };

  return (
    <Space wrap className="pay-actions">
      <Button type="primary" loading={isStarting} onClick={() => void payOnline()} data-testid="pay-online">
        {isStarting ? t('pay.redirecting') : t('pay.online')}
      </Button>
      <Button onClick={() => void navigate(voucherPath(target, masterId))} data-testid="pay-voucher">
        {t('pay.voucher')}
      </Button>
    </Space>
  );
}
