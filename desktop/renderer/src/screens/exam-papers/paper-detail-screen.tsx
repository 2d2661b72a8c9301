import { formatDigits } from '@psc/core';
import { Card, Descriptions, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { DualDate } from '../../components/dual-date';
import { ErrorAlert } from '../../components/error-alert';
import { useApiQuery } from '../../hooks/use-api-query';
import { useLanguage, type TextKey } from '../../i18n/use-language';
import { nameIn, type ExamPaperHistoryEntry, type ExamPaperRow } from './exam-papers-api';

// spec §2 paper-detail/{id} [MC]: one paper's every field (spec §3 Paper configuration) and its
// history from the audit log: who created, changed or moved it, and when.

const SHOWN_FIELDS = ['testType', 'paperType', 'subjectNameEn', 'subjectNameNp', 'fullMarks', 'passMarks', 'durationMinutes', 'examOption', 'serviceGroupId', 'postId', 'optionalSubjectId'] as const;

export function PaperDetailScreen() {
  const { t, language } = useLanguage();
  const { id } = useParams();
  const detail = useApiQuery<{ paper: ExamPaperRow; history: ExamPaperHistoryEntry[] }>(id && /^\d+$/.test(id) ? `/api/admin/exam-papers/${id}/detail` : null);
  const paper = detail.data?.paper;

  /** What one audit entry changed, in the reader's words. */
  function describe(entry: ExamPaperHistoryEntry): string {
    if (entry.action === 'reorder') {
      return t('examPapers.action.reorder', { from: formatDigits(Number(entry.before?.paperOrder), language), to: formatDigits(Number(entry.after?.paperOrder), language) });
    }
    const action = t(`examPapers.action.${entry.action}` as TextKey);
    if (entry.action !== 'update' || !entry.before || !entry.after) return action;
    const changed = SHOWN_FIELDS.filter((field) => JSON.stringify(entry.before?.[field]) !== JSON.stringify(entry.after?.[field])).map((field) => {
      const label = ['serviceGroupId', 'postId', 'optionalSubjectId'].includes(field) ? field : t(`examPapers.${field}` as TextKey);
      return `${label}: ${shown(entry.before?.[field])} → ${shown(entry.after?.[field])}`;
    });
    return changed.length > 0 ? `${action}: ${changed.join('; ')}` : action;
  }

  function shown(value: unknown): string {
    if (value === null || value === undefined) return '—';
    if (typeof value === 'number') return formatDigits(value, language);
    return String(value);
  }

  return (
    <Card title={t('route.paperDetail')} data-testid="paper-detail" extra={<Link to="/admin/paper-configuration">{t('examPapers.back')}</Link>}>
      <ErrorAlert message={detail.error?.message} />
      {paper ? (
        <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="paper-detail-fields">
          <Descriptions.Item label={t('examPapers.class')}>{nameIn(paper, 'class', language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.post')}>{nameIn(paper, 'post', language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.masterDivision')}>{paper.serviceGroupId === null ? t('examPapers.allGroups') : nameIn(paper, 'serviceGroup', language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.order')}>{formatDigits(paper.paperOrder, language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.subjectNameEn')}>{paper.subjectNameEn}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.subjectNameNp')}>{paper.subjectNameNp}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.testType')}>{t(`examPapers.testType.${paper.testType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.paperType')}>{t(`examPapers.paperType.${paper.paperType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.fullMarks')}>{formatDigits(paper.fullMarks, language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.passMarks')}>{formatDigits(paper.passMarks, language)}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.durationMinutes')}>{t('examPapers.minutes', { minutes: formatDigits(paper.durationMinutes, language) })}</Descriptions.Item>
          <Descriptions.Item label={t('examPapers.examOption')}>
            {paper.examOption === 'optional' ? `${t('examPapers.examOption.optional')}: ${nameIn(paper, 'optionalSubject', language)}` : t('examPapers.examOption.compulsory')}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('examPapers.history')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        data-testid="paper-history"
        loading={detail.isLoading}
        dataSource={detail.data?.history ?? []}
        pagination={false}
        locale={{ emptyText: t('examPapers.historyEmpty') }}
        columns={[
          { key: 'at', title: t('examPapers.when'), render: (_, entry) => <DualDate value={entry.at} /> },
          { key: 'who', title: t('examPapers.who'), render: (_, entry) => (language === 'ne' ? entry.actorNameNp || entry.actorNameEn : entry.actorNameEn || entry.actorNameNp) },
          { key: 'what', title: t('examPapers.what'), render: (_, entry) => describe(entry) },
        ]}
      />
    </Card>
  );
}
