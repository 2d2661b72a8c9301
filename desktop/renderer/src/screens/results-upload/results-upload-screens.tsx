import { formatDigits, toLatinDigits } from '@psc/core';
import { Alert, Button, Card, Checkbox, Descriptions, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import {
  bilingualText,
  downloadWorkbook,
  RowStatusTag,
  SittingSelect,
  uploadResultWorkbook,
  useResultSittings,
  YesNo,
  type ResultKind,
  type ResultRow,
  type UploadAnswer,
  type VerifiedPart,
} from '../../components/results';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage } from '../../i18n/use-language';

// spec §2 upload-attendance [POEC], candidate-attendance (excel, masterId, view-attendance),
// candidate-result (excel, masterId, view-result), attendance/detail/{id}. Staff download the
// template of a paper (or a room) made from the seating, fill it and upload it; the API checks
// every row first and answers each problem, which is shown as it came (in the user's language).

/** The upload of one kind of workbook (attendance, or marks by roll or by answer-sheet code). */
export function ResultUploadScreen({ kinds, titleKey }: { kinds: readonly ResultKind[]; titleKey: 'route.uploadAttendance' | 'route.candidateResult' }) {
  const { t, language } = useLanguage();
  const sittings = useResultSittings();
  const [key, setKey] = useState<string | undefined>(undefined);
  const [roomId, setRoomId] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<ResultKind>(kinds[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [storeClean, setStoreClean] = useState(false);
  const [answer, setAnswer] = useState<{ message: string; data: UploadAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const sitting = sittings.find(key);
  const uploads = useApiQuery<{ items: { id: number; kind: string; fileName: string; rowCount: number; uploadedBy: string; uploadedAt: string; paperEn: string; paperNp: string }[] }>(
    sitting ? `/api/admin/results/uploads?advertisementId=${sitting.advertisementId}` : null,
  );
  const download = async () => {
    if (!sitting) return;
    const query = `advertisementId=${sitting.advertisementId}&examPaperId=${sitting.examPaperId}&kind=${kind}${roomId ? `&roomId=${roomId}` : ''}`;
    setError(await downloadWorkbook(`/api/admin/results/template?${query}`, `${kind}-${sitting.advertisementCode.replace(/[^\w-]+/g, '-')}-${sitting.examPaperId}${roomId ? `-room-${roomId}` : ''}.xlsx`));
  };
  const send = async () => {
    if (!sitting || !file) return;
    setIsSending(true);
    const result = await uploadResultWorkbook(kind, sitting, file, { roomId, storeClean });
    setIsSending(false);
    if (result.ok) {
      setAnswer({ message: result.message, data: result.data });
      setError(null);
      void uploads.reload();
    } else {
      setAnswer(null);
      setError([result.message, ...Object.values(result.errors ?? {}).flat()].filter(Boolean).join(' '));
    }
  };
  return (
    <Card title={t(titleKey)} data-testid="results-upload">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('resultsScreen.hint')}</Typography.Paragraph>
        <Space wrap>
          <SittingSelect items={sittings.items} value={key} onChange={(next) => (setKey(next), setRoomId(undefined), setAnswer(null))} />
          <Select<number>
            value={roomId}
            allowClear
            placeholder={t('resultsScreen.allRooms')}
            aria-label={t('resultsScreen.allRooms')}
            style={{ width: 280 }}
            disabled={!sitting}
            onChange={(value) => setRoomId(value)}
            data-testid="results-room"
            options={(sitting?.rooms ?? []).map((room) => ({ value: room.roomId, label: `${bilingualText(language, room.venueEn, room.venueNp)} · ${t('resultsScreen.room')} ${formatDigits(room.roomNumber, language)}` }))}
          />
          {kinds.length > 1 ? (
            <Select<ResultKind> aria-label={t('resultsScreen.kind')} value={kind} style={{ width: 320 }} onChange={(value) => setKind(value)} data-testid="results-kind" options={kinds.map((value) => ({ value, label: t(`resultsScreen.kind.${value}`) }))} />
          ) : null}
        </Space>
        <Space wrap>
          <Button disabled={!sitting} onClick={() => void download()} data-testid="results-template">
            {t('resultsScreen.downloadTemplate')}
          </Button>
          <input type="file" aria-label={t('resultsScreen.file')} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(event) => setFile(event.target.files?.[0] ?? null)} data-testid="results-file" />
          <Checkbox checked={storeClean} onChange={(event) => setStoreClean(event.target.checked)} data-testid="results-store-clean">
            {t('resultsScreen.storeClean')}
          </Checkbox>
          <Button type="primary" disabled={!sitting || !file} loading={isSending} onClick={() => void send()} data-testid="results-upload-button">
            {t('resultsScreen.upload')}
          </Button>
        </Space>
        <ErrorAlert message={error ?? sittings.error?.message} />
        {answer ? (
          <Alert
            type={answer.data.uploadId === null ? 'warning' : 'success'}
            showIcon
            title={answer.message}
            description={`${t('resultsScreen.rows')}: ${formatDigits(answer.data.rows, language)} · ${t('resultsScreen.stored')}: ${formatDigits(answer.data.stored, language)} · ${t('resultsScreen.keptVerified')}: ${formatDigits(answer.data.keptVerified, language)}${kind.startsWith('sheet') ? ` · ${t('resultsScreen.joined')}: ${formatDigits(answer.data.joined, language)}` : ''}`}
            data-testid="results-upload-answer"
          />
        ) : null}
        {answer && answer.data.problems.length > 0 ? (
          <Table
            rowKey={(row) => `${row.row}-${row.column}-${row.message}`}
            size="small"
            title={() => t('resultsScreen.problems', { total: formatDigits(answer.data.problemCount, language) })}
            dataSource={answer.data.problems}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            data-testid="results-problems"
            columns={[
              { title: t('resultsScreen.row'), dataIndex: 'row', render: (value: number) => formatDigits(value, language) },
              { title: t('resultsScreen.column'), dataIndex: 'column', render: (value: string) => t(`results.column.${value}` as 'results.column.marks') },
              { title: t('resultsScreen.reason'), dataIndex: 'message' },
            ]}
          />
        ) : null}
        {sitting ? (
          <Table
            rowKey="id"
            size="small"
            title={() => t('resultsScreen.uploads')}
            loading={uploads.isLoading}
            dataSource={uploads.data?.items ?? []}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            data-testid="results-uploads"
            columns={[
              { title: t('resultsScreen.kind'), dataIndex: 'kind', render: (value: ResultKind) => t(`resultsScreen.kind.${value}`) },
              { title: t('resultsScreen.paper'), key: 'paper', render: (_, row) => bilingualText(language, row.paperEn, row.paperNp) },
              { title: t('resultsScreen.fileName'), dataIndex: 'fileName' },
              { title: t('resultsScreen.rows'), dataIndex: 'rowCount', align: 'right', render: (value: number) => formatDigits(value, language) },
              { title: t('resultsScreen.uploadedBy'), dataIndex: 'uploadedBy' },
              { title: t('resultsScreen.uploadedAt'), dataIndex: 'uploadedAt', render: (value: string) => <DualDate value={value} /> },
              { title: '', key: 'open', render: (_, row) => <Link to={`/admin/attendance/detail/${row.id}`}>{t('resultsScreen.open')}</Link> },
            ]}
          />
        ) : null}
      </Space>
    </Card>
  );
}

/** One candidate's attendance or marks rows, by Master ID or roll number (masterId, view-attendance, view-result). */
export function CandidateResultLookupScreen({ part, titleKey }: { part: VerifiedPart; titleKey: 'route.viewAttendance' | 'route.viewResult' }) {
  const { t } = useLanguage();
  const sittings = useResultSittings();
  const [key, setKey] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<{ field: 'masterId' | 'rollNumber'; value: string } | null>(null);
  const sitting = sittings.find(key);
  const rows = useApiQuery<{ total: number; items: ResultRow[] }>(
    sitting && search ? `/api/admin/results/${part}/rows?advertisementId=${sitting.advertisementId}&${search.field}=${encodeURIComponent(search.value)}` : null,
  );
  const find = () => {
    const digits = toLatinDigits(typed.trim());
    if (!/^\d+$/.test(digits)) return;
    // A roll number of this paper is what staff read off the sheet; anything else is taken as a Master ID.
    setSearch({ field: digits.length >= 7 ? 'masterId' : 'rollNumber', value: digits });
  };
  return (
    <Card title={t(titleKey)} data-testid="results-lookup">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('resultsScreen.lookupHint')}</Typography.Text>
        <Space wrap>
          <SittingSelect items={sittings.items} value={key} onChange={setKey} />
          <Input style={{ width: 220 }} value={typed} placeholder={`${t('resultsScreen.masterId')} / ${t('resultsScreen.rollNumber')}`} onChange={(event) => setTyped(event.target.value)} onPressEnter={find} data-testid="results-lookup-input" />
          <Button type="primary" disabled={!sitting} onClick={find}>
            {t('resultsScreen.search')}
          </Button>
        </Space>
        <ErrorAlert message={rows.error?.message} />
        <ResultRowsTable part={part} rows={rows.data?.items ?? []} loading={rows.isLoading} />
      </Space>
    </Card>
  );
}

/** The rows of attendance or marks as the verification and lookup screens show them. */
export function ResultRowsTable({ part, rows, loading }: { part: VerifiedPart; rows: ResultRow[]; loading: boolean }) {
  const { t, language } = useLanguage();
  return (
    <Table<ResultRow>
      rowKey={(row) => `${row.applicationId}-${row.examPaperId}`}
      size="small"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: t('resultsScreen.noRows') }}
      pagination={{ pageSize: 50, showSizeChanger: false }}
      columns={[
        { title: t('resultsScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
        { title: t('resultsScreen.masterId'), dataIndex: 'masterId', render: (value: number) => formatDigits(value, language) },
        { title: t('resultsScreen.name'), key: 'name', render: (_, row) => bilingualText(language, row.nameEn, row.nameNp) },
        { title: t('resultsScreen.paper'), key: 'paper', render: (_, row) => bilingualText(language, row.paperEn, row.paperNp) },
        { title: t('resultsScreen.present'), dataIndex: 'isPresent', render: (value: boolean | null) => <YesNo value={value} /> },
        ...(part === 'marks'
          ? [
              { title: t('resultsScreen.marks'), dataIndex: 'marks', align: 'right' as const, render: (value: number | null) => (value === null ? '—' : formatDigits(value, language)) },
              { title: t('resultsScreen.passed'), dataIndex: 'isPass', render: (value: boolean | null) => <YesNo value={value} /> },
              { title: t('resultsScreen.remarks'), dataIndex: 'remarks' },
            ]
          : []),
        { title: t('resultsScreen.status'), dataIndex: 'status', render: (value: 'pending' | 'verified') => <RowStatusTag status={value} /> },
        { title: t('resultsScreen.uploadedBy'), dataIndex: 'uploadedBy' },
        { title: t('resultsScreen.verifiedBy'), dataIndex: 'verifiedBy' },
      ]}
    />
  );
}

type UploadDetail = {
  upload: { id: number; kind: ResultKind; fileName: string; rowCount: number; uploadedAt: string; uploadedBy: string; paperEn: string; paperNp: string };
  total: number;
  rows: { rollNumber: number; masterId: number; nameEn: string; isPresent: boolean | null; attendanceStatus: 'pending' | 'verified' | null; marks: number | null; isPass: boolean | null; remarks: string | null; marksStatus: 'pending' | 'verified' | null }[];
};

/** attendance/detail/{id}: one upload and its rows as they stand now. */
export function UploadDetailScreen() {
  const { t, language } = useLanguage();
  const { id } = useParams();
  const detail = useApiQuery<UploadDetail>(id && /^\d+$/.test(id) ? `/api/admin/results/uploads/${id}?pageSize=500` : null);
  const upload = detail.data?.upload;
  return (
    <Card title={t('resultsScreen.detailTitle', { id: formatDigits(id ?? '', language) })} data-testid="results-upload-detail">
      <ErrorAlert message={detail.error?.message} />
      {upload ? (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('resultsScreen.kind')}>{t(`resultsScreen.kind.${upload.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('resultsScreen.paper')}>{bilingualText(language, upload.paperEn, upload.paperNp)}</Descriptions.Item>
          <Descriptions.Item label={t('resultsScreen.fileName')}>{upload.fileName}</Descriptions.Item>
          <Descriptions.Item label={t('resultsScreen.rows')}>{formatDigits(upload.rowCount, language)}</Descriptions.Item>
          <Descriptions.Item label={t('resultsScreen.uploadedBy')}>{upload.uploadedBy}</Descriptions.Item>
          <Descriptions.Item label={t('resultsScreen.uploadedAt')}><DualDate value={upload.uploadedAt} /></Descriptions.Item>
        </Descriptions>
      ) : null}
      <Table
        rowKey="rollNumber"
        size="small"
        loading={detail.isLoading}
        dataSource={detail.data?.rows ?? []}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: t('resultsScreen.rollNumber'), dataIndex: 'rollNumber', render: (value: number) => formatDigits(value, language) },
          { title: t('resultsScreen.masterId'), dataIndex: 'masterId', render: (value: number) => formatDigits(value, language) },
          { title: t('resultsScreen.name'), dataIndex: 'nameEn' },
          { title: t('resultsScreen.present'), dataIndex: 'isPresent', render: (value: boolean | null) => <YesNo value={value} /> },
          { title: t('resultsScreen.status'), dataIndex: 'attendanceStatus', render: (value: 'pending' | 'verified' | null) => <RowStatusTag status={value} /> },
          { title: t('resultsScreen.marks'), dataIndex: 'marks', render: (value: number | null) => (value === null ? '—' : formatDigits(value, language)) },
          { title: t('resultsScreen.status'), key: 'marksStatus', render: (_, row) => <RowStatusTag status={row.marksStatus} /> },
        ]}
      />
    </Card>
  );
}
