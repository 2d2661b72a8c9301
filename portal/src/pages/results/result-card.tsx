import { Alert, Tag } from 'antd';
import type { CandidateResult, CandidateResultStatus, PaperResult } from '../../api/results-api';
import { labelOf, nameIn, useFormat } from '../../hooks/use-format';
import type { PortalMessageKey } from '../../i18n/ne';

// One published result as a card that reads at 360 px: the outcome first and largest, then the
// quota and place, then each paper's marks. A withheld result says so and nothing else (reference
// "Results": withheld is never shown as a fail).

const STATUS_COLOURS: Record<CandidateResultStatus, string> = {
  selected: 'success',
  shortlisted: 'success',
  alternate: 'processing',
  'not-selected': 'default',
  withheld: 'warning',
};

function PaperMarks({ paper }: { paper: PaperResult }) {
  const { t, language, digits } = useFormat();
  let outcome: string;
  if (paper.isPresent === false) outcome = t('myResults.absent');
  else if (paper.marks === null) outcome = t('myResults.pending');
  else outcome = `${digits(paper.marks)} (${paper.isPass ? t('myResults.pass') : t('myResults.fail')})`;
  return (
    <li className="result-card__paper" data-testid="result-paper">
      <span className="result-card__paper-name">{labelOf(paper, language)}</span>
      <span className="muted result-card__paper-marks-of">{t('myResults.fullMarks', { full: digits(paper.fullMarks), pass: digits(paper.passMarks) })}</span>
      <strong className="result-card__paper-marks">{outcome}</strong>
    </li>
  );
}

export function ResultCard({ result, footer }: { result: CandidateResult; footer?: React.ReactNode }) {
  const { t, language, digits, date } = useFormat();
  const statusKey = `myResults.status.${result.status}` as PortalMessageKey;
  const isWithheld = result.status === 'withheld';
  return (
    <article className="result-card" data-testid="result-card" data-status={result.status}>
      <p className="result-card__stage muted">{t(`myResults.stage.${result.stage}` as PortalMessageKey)}</p>
      <h2 className="result-card__post">{nameIn(result, 'post', language)}</h2>
      <Tag color={STATUS_COLOURS[result.status]} className="result-card__status" data-testid="result-status">
        {t(statusKey)}
      </Tag>
      <dl className="result-card__facts">
        <div>
          <dt>{t('myResults.name')}</dt>
          <dd>{language === 'ne' ? result.nameNp : result.nameEn}</dd>
        </div>
        <div>
          <dt>{t('myResults.rollNumber')}</dt>
          <dd data-testid="result-roll">{digits(result.rollNumber)}</dd>
        </div>
        <div>
          <dt>{t('myResults.advertisement')}</dt>
          <dd>{digits(result.advertisementCode)}</dd>
        </div>
        {!isWithheld && result.position !== null ? (
          <>
            <div>
              <dt>{t('myResults.quota')}</dt>
              <dd>{labelOf({ nameEn: result.quotaNameEn ?? result.quotaCode, nameNp: result.quotaNameNp ?? result.quotaCode }, language)}</dd>
            </div>
            <div>
              <dt>{t('myResults.position')}</dt>
              <dd data-testid="result-position">{digits(result.position)}</dd>
            </div>
          </>
        ) : null}
        {!isWithheld && result.totalMarks !== null ? (
          <div>
            <dt>{t('myResults.totalMarks')}</dt>
            <dd>{digits(result.totalMarks)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('myResults.published')}</dt>
          <dd>{date(result.publishedOnAd)}</dd>
        </div>
      </dl>
      {isWithheld ? <Alert type="warning" showIcon title={t('myResults.withheldBody')} data-testid="result-withheld" /> : null}
      {!isWithheld && result.papers.length > 0 ? (
        <section aria-label={t('myResults.papers')}>
          <h3 className="result-card__papers-title">{t('myResults.papers')}</h3>
          <ul className="result-card__papers">
            {result.papers.map((paper, index) => (
              <PaperMarks key={index} paper={paper} />
            ))}
          </ul>
        </section>
      ) : null}
      {footer}
    </article>
  );
}
