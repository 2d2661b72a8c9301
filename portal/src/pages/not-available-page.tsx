import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PortalMessageKey } from '../i18n/ne';
import { useSessionStore } from '../stores/session-store';

export type FeatureKey = Extract<PortalMessageKey, `nav.${string}` | `feature.${string}`>;

type Props = { feature: FeatureKey; featureName?: string };

/** A route of spec §2 whose feature is not built yet: say so plainly and offer a way on. */
export default function NotAvailablePage({ feature, featureName }: Props) {
  const { t } = useTranslation();
  const hasSession = useSessionStore((state) => state.hasSession);
  const navigate = useNavigate();
  const name = featureName ?? t(feature);
  const target = hasSession ? '/home' : '/login';
  return (
    <Result
      className="not-available"
      status="info"
      title={<h1 className="page-title">{t('notAvailable.title')}</h1>}
      subTitle={<span data-testid="not-available-feature">{t('notAvailable.body', { feature: name })}</span>}
      extra={
        // A real link (href) that navigates inside the app without reloading it.
        <Button
          type="primary"
          href={target}
          onClick={(event) => {
            event.preventDefault();
            void navigate(target);
          }}
        >
          {hasSession ? t('notAvailable.goHome') : t('notAvailable.goLogin')}
        </Button>
      }
    />
  );
}
