import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../main/services/contract';
import { useLanguage } from '../i18n/use-language';
import { invokeWorkstation } from '../workstation/workstation-client';

export function WorkstationCard() {
  const { t } = useLanguage();
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    invokeWorkstation('app.info', {})
      .then((result) => isCurrent && setInfo(result))
      .catch(() => isCurrent && setHasFailed(true));
    return () => {
      isCurrent = false;
    };
  }, []);

  return (
    <Card title={t('dashboard.workstation')} data-testid="workstation-card">
      {hasFailed ? <Alert type="warning" showIcon title={t('cache.unavailable')} /> : null}
      {!info && !hasFailed ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {info ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('dashboard.version')}>{info.version}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.runtime')}>{t(`dashboard.runtime.${info.runtime}`)}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.platform')}>
            {info.platform} {info.osRelease} ({info.arch})
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Card>
  );
}
