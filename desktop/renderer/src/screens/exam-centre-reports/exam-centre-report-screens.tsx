import { formatDigits } from '@psc/core';
import { App, Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../components/error-alert';
import { bilingual, RangeHeading, saveDownload, SeatingStatusTag, sittingTime, type SeatingRange, type SeatingStatus } from '../../components/seating';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';
import { callApi } from '../../staff/staff-api';

// spec §2 generate-exam-center-report, exam-center-report/{id}, exam-center-list-report/{id}
// [PEC]; §7 "Attendance and reports: ... gate and room lists". A sitting's centres with each
// room's roll range, count and invigilators; one centre's gate (door) list; both as Excel.

type Sitting = { id: number; status: string; advertisementCode: string; paperNameEn: string; paperNameNp: string; examDate: string | null; startTime: string | null; centres: number; candidates: number; roomsFinal: number; invigilatorsFinal: number };
type ReportRoom = { roomId: number; roomNumber: string; floor: string | null; seats: number; rollFrom: number; rollTo: number; candidates: number; invigilators: { nameEn: string; nameNp: string }[] };
type ReportCentre = SeatingRange & { chief: { nameEn: string; nameNp: string } | null; rooms: ReportRoom[] };

function useDownload() {
  const { message } = App.useApp();
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async (path: string, name: string) => {
    setIsDownloading(true);
    const result = await callApi<Blob>(path, { as: 'blob' });
    setIsDownloading(false);
    if (!result.ok) void message.error(result.message);
    else saveDownload(result.data, name);
  };
  return { isDownloading, download };
}

/** generate-exam-center-report: the sittings whose centre allocation is final. */
export function GenerateExamCenterReportScreen() {
  const { t, language } = useLanguage();
  const list = useApiQuery<{ items: Sitting[] }>('/api/admin/exam-centre-reports/sittings');
  return (
    <Card title={t('route.generateExamCenterReport')} data-testid="generate-exam-center-report">
      <ErrorAlert message={list.error?.message} />
      <Table<Sitting>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('seating.noSittings') }}
        scroll={{ x: true }}
        columns={[
          { title: t('seating.advertisement'), key: 'code', render: (_, row) => formatDigits(row.advertisementCode, language) },
          { title: t('seating.paper'), key: 'paper', render: (_, row) => bilingual(language, row.paperNameEn, row.paperNameNp) },
          { title: t('seating.sitting'), key: 'when', render: (_, row) => sittingTime(row, language) },
          { title: t('seating.centres'), key: 'centres', align: 'right', render: (_, row) => formatDigits(row.centres, language) },
          { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.candidates, language) },
          { title: t('seating.roomsFinal'), key: 'rooms', align: 'right', render: (_, row) => formatDigits(`${row.roomsFinal}/${row.centres}`, language) },
          { title: t('seating.invigilatorsFinal'), key: 'inv', align: 'right', render: (_, row) => formatDigits(`${row.invigilatorsFinal}/${row.centres}`, language) },
          {
            title: '',
            key: 'open',
            render: (_, row) => (
              <Link to={`/admin/exam-center-report/${row.id}`} data-testid={`sitting-report-${row.id}`}>
                {t('seating.report')}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}

function RoomTable({ rooms, withInvigilators }: { rooms: ReportRoom[]; withInvigilators: boolean }) {
  const { t, language } = useLanguage();
  return (
    <Table<ReportRoom>
      rowKey="roomId"
      size="small"
      pagination={false}
      dataSource={rooms}
      columns={[
        { title: t('seating.room'), key: 'room', render: (_, row) => formatDigits(row.roomNumber, language) },
        { title: t('seating.floor'), dataIndex: 'floor' },
        { title: t('seating.rollFrom'), key: 'from', render: (_, row) => formatDigits(row.rollFrom, language) },
        { title: t('seating.rollTo'), key: 'to', render: (_, row) => formatDigits(row.rollTo, language) },
        { title: t('seating.candidates'), key: 'n', align: 'right', render: (_, row) => formatDigits(row.candidates, language) },
        ...(withInvigilators ? [{ title: t('seating.invigilators'), key: 'who', render: (_: unknown, row: ReportRoom) => row.invigilators.map((person) => bilingual(language, person.nameEn, person.nameNp)).join(', ') }] : []),
      ]}
    />
  );
}

/** exam-center-report/{id}: one sitting's centres, rooms, roll ranges, counts and invigilators. */
export function ExamCenterReportScreen() {
  const { t, language } = useLanguage();
  const id = Number(useParams().id);
  const report = useApiQuery<{ sitting: { advertisementCode: string; paperNameEn: string; paperNameNp: string; examDate: string | null; startTime: string | null }; centres: ReportCentre[] }>(`/api/admin/exam-centre-reports/sittings/${id}`);
  const { isDownloading, download } = useDownload();
  const sitting = report.data?.sitting;
  return (
    <Card
      title={t('route.examCenterReport')}
      data-testid="exam-center-report"
      extra={
        <Button disabled={!sitting} loading={isDownloading} onClick={() => void download(`/api/admin/exam-centre-reports/sittings/${id}?format=xlsx`, `exam-centre-report-${id}.xlsx`)} data-testid="report-excel">
          {t('seating.excel')}
        </Button>
      }
    >
      <ErrorAlert message={report.error?.message} />
      {sitting ? (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Descriptions size="small" bordered column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('seating.advertisement')}>{formatDigits(sitting.advertisementCode, language)}</Descriptions.Item>
            <Descriptions.Item label={t('seating.paper')}>{bilingual(language, sitting.paperNameEn, sitting.paperNameNp)}</Descriptions.Item>
            <Descriptions.Item label={t('seating.sitting')}>{sittingTime(sitting, language)}</Descriptions.Item>
          </Descriptions>
          {report.data!.centres.map((centre) => (
            <Card
              key={centre.id}
              size="small"
              type="inner"
              data-testid={`report-centre-${centre.id}`}
              title={`${bilingual(language, centre.venueNameEn, centre.venueNameNp)} · ${formatDigits(`${centre.rollFrom} - ${centre.rollTo}`, language)} · ${formatDigits(centre.candidates, language)}`}
              extra={
                <Space>
                  <SeatingStatusTag status={centre.roomStatus as SeatingStatus} />
                  <Link to={`/admin/exam-center-list-report/${centre.id}`}>{t('seating.gateList')}</Link>
                </Space>
              }
            >
              <Typography.Paragraph>
                {t('seating.chief')}: {centre.chief ? bilingual(language, centre.chief.nameEn, centre.chief.nameNp) : '—'}
              </Typography.Paragraph>
              <RoomTable rooms={centre.rooms} withInvigilators />
            </Card>
          ))}
        </Space>
      ) : null}
    </Card>
  );
}

/** exam-center-list-report/{id}: one centre's gate (door) list of roll ranges by room. */
export function ExamCenterListReportScreen() {
  const { t } = useLanguage();
  const id = Number(useParams().id);
  const centre = useApiQuery<ReportCentre>(`/api/admin/exam-centre-reports/ranges/${id}/gate-list`);
  const { isDownloading, download } = useDownload();
  return (
    <Card
      title={t('route.examCenterListReport')}
      data-testid="exam-center-list-report"
      extra={
        <Button disabled={!centre.data} loading={isDownloading} onClick={() => void download(`/api/admin/exam-centre-reports/ranges/${id}/gate-list?format=xlsx`, `gate-list-${id}.xlsx`)} data-testid="gate-excel">
          {t('seating.excel')}
        </Button>
      }
    >
      <ErrorAlert message={centre.error?.message} />
      {centre.data ? (
        <>
          <RangeHeading range={centre.data} />
          <RoomTable rooms={centre.data.rooms} withInvigilators={false} />
        </>
      ) : null}
    </Card>
  );
}
