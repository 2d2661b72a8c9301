import { formatDigits } from '@psc/core';
import { Card, Col, Descriptions, List, Row, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { ADMIN_ROUTES, canOpenRoute } from '../../routes/admin-routes';
import { useSessionStore } from '../../stores/session-store';

// spec §2 "approval with requisition [RQ] and percentage-distribution [PD]": the parent screen
// lists the approvals under it that the signed-in user may open. And advertisement/get-count/{id}:
// one advertisement's applications by status, payment state and quota.

export function ApprovalScreen() {
  const { t } = useLanguage();
  const held = useSessionStore((state) => state.heldPrivileges);
  const children = ADMIN_ROUTES.filter((route) => route.path.startsWith('approval/') && !route.path.includes(':') && canOpenRoute(route, held));
  return (
    <Card title={t('route.approval')} data-testid="approval-hub">
      <Typography.Paragraph>{children.length > 0 ? t('approvalHub.intro') : t('approvalHub.none')}</Typography.Paragraph>
      <List
        bordered
        dataSource={children}
        renderItem={(route) => (
          <List.Item>
            <Link to={`/admin/${route.path}`} data-testid={`approval-link-${route.path}`}>
              {t(route.labelKey)}
            </Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

type ApplicationCounts = {
  advertisement: { id: number; code: string; fiscalYear: string; postNameEn: string | null; postNameNp: string | null };
  total: number;
  byStatus: { status: string; count: number }[];
  byPaymentState: { state: string; count: number }[];
  byQuota: { code: string; nameEn: string; nameNp: string; claimed: number; approved: number; rejected: number }[];
};

export function AdvertisementCountScreen() {
  const { t, language } = useLanguage();
  const { id } = useParams();
  const counts = useApiQuery<ApplicationCounts>(`/api/admin/advertisements/${encodeURIComponent(id ?? '')}/application-counts`);
  const name = (en: string | null, np: string | null) => (language === 'ne' ? np || en : en || np) ?? '—';
  const number = (value: number) => formatDigits(value, language);
  const data = counts.data;
  return (
    <Card title={t('route.advertisementCount')} data-testid="advertisement-count">
      <ErrorAlert message={counts.error?.message} />
      {data ? (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('scrutinyReports.advertisement')}>{formatDigits(data.advertisement.code, language)}</Descriptions.Item>
            <Descriptions.Item label={t('scrutinyReports.fiscalYear')}>{formatDigits(data.advertisement.fiscalYear, language)}</Descriptions.Item>
            <Descriptions.Item label={t('scrutinyReports.post')}>{name(data.advertisement.postNameEn, data.advertisement.postNameNp)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph strong>{t('advertisementCount.total', { total: number(data.total) })}</Typography.Paragraph>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <Table
                title={() => <Typography.Text strong>{t('advertisementCount.byStatus')}</Typography.Text>}
                rowKey="status"
                size="small"
                bordered
                pagination={false}
                dataSource={data.byStatus}
                columns={[
                  { title: t('advertisementCount.byStatus'), key: 'status', render: (_, row) => t(`advertisementCount.status.${row.status}` as TextKey) },
                  { title: t('advertisementCount.count'), key: 'count', align: 'right', render: (_, row) => number(row.count) },
                ]}
              />
            </Col>
            <Col xs={24} lg={8}>
              <Table
                title={() => <Typography.Text strong>{t('advertisementCount.byPaymentState')}</Typography.Text>}
                rowKey="state"
                size="small"
                bordered
                pagination={false}
                dataSource={data.byPaymentState}
                columns={[
                  { title: t('advertisementCount.byPaymentState'), key: 'state', render: (_, row) => t(`advertisementCount.payment.${row.state}` as TextKey) },
                  { title: t('advertisementCount.count'), key: 'count', align: 'right', render: (_, row) => number(row.count) },
                ]}
              />
            </Col>
            <Col xs={24} lg={8}>
              <Table
                title={() => <Typography.Text strong>{t('advertisementCount.byQuota')}</Typography.Text>}
                rowKey="code"
                size="small"
                bordered
                pagination={false}
                dataSource={data.byQuota}
                columns={[
                  { title: t('advertisementCount.byQuota'), key: 'quota', render: (_, row) => name(row.nameEn, row.nameNp) },
                  { title: t('advertisementCount.claimed'), key: 'claimed', align: 'right', render: (_, row) => number(row.claimed) },
                  { title: t('advertisementCount.approved'), key: 'approved', align: 'right', render: (_, row) => number(row.approved) },
                  { title: t('advertisementCount.rejected'), key: 'rejected', align: 'right', render: (_, row) => number(row.rejected) },
                ]}
              />
            </Col>
          </Row>
        </>
      ) : null}
    </Card>
  );
}
