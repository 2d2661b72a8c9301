import { Checkbox } from 'antd';
import type { VacancyQuota } from '../../api/applications-api';
import { labelOf, useFormat } from '../../hooks/use-format';

// The quotas a candidate may choose (spec §1 apply and additional-quota application): only those
// the server says they may claim are offered, by the core rule the submit refuses with; each of
// the others is named with the reason, so the candidate knows what to do (claim a group first).

type Props = {
  quotas: readonly VacancyQuota[];
  value: number[];
  onChange: (advertisementQuotaIds: number[]) => void;
  /** The offered quota's label; its name by default. */
  labelFor?: (quota: VacancyQuota) => string;
  testId: string;
};

export function QuotaChoice({ quotas, value, onChange, labelFor, testId }: Props) {
  const { t, language } = useFormat();
  const offered = quotas.filter((quota) => quota.claimable !== false);
  const withheld = quotas.filter((quota) => quota.claimable === false);
  return (
    <>
      {offered.length > 0 ? (
        <Checkbox.Group
          className="apply-page__quotas"
          value={value}
          onChange={(values) => onChange([...values].sort((a, b) => a - b))}
          data-testid={testId}
          options={offered.map((quota) => ({ value: quota.advertisementQuotaId, label: labelFor ? labelFor(quota) : labelOf(quota, language) }))}
        />
      ) : null}
      {withheld.length > 0 ? (
        <div className="quota-withheld" data-testid={`${testId}-withheld`}>
          <p className="quota-withheld__title">{t('apply.quotasWithheld')}</p>
          <ul className="quota-withheld__list">
            {withheld.map((quota) => (
              <li key={quota.advertisementQuotaId} data-testid="quota-withheld">
                <strong>{labelOf(quota, language)}</strong>: {quota.refusal ? t(quota.refusal) : t('apply.quotaNotClaimable')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
