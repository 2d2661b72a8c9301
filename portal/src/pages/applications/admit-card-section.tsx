import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { admitCardPath } from '../../api/admit-cards-api';
import type { ApplicationRow } from '../../api/applications-api';
import { ConfirmAdmitCardButton } from '../../components/admit-card/confirm-admit-card-button';
import { DownloadAdmitCardButton } from '../../components/admit-card/download-admit-card-button';
import { useFormat } from '../../hooks/use-format';

// spec §7 "Admit card: generate, confirm, download" on the application's card, in sight without
// opening its details (the week before the exam it is what a candidate comes for): confirm that
// she will sit the exam, then view or download. Before the card is issued, an approved
// application whose schedule is approved says when it will come rather than nothing (the list
// carries whether it is: no request per application).

type AdmitCard = NonNullable<ApplicationRow['admitCard']>;

function isApproved(row: ApplicationRow): boolean {
  return row.status === 'approved' || row.status === 'partially-approved';
}

/** The schedule is approved but a paper's centre, room or seat is not final yet. */
function AdmitCardPending() {
  const { t } = useFormat();
  return (
    <p className="admit-card-section__pending muted" data-testid="admit-card-pending">
      {t('myAdmitCard.pending')}
    </p>
  );
}

export function AdmitCardSection({ row }: { row: ApplicationRow }) {
  const { t, date } = useFormat();
  const navigate = useNavigate();
  // Confirming changes only this card: kept here, so the list is not fetched again.
  const [admitCard, setAdmitCard] = useState<AdmitCard | null>(row.admitCard ?? null);
  useEffect(() => setAdmitCard(row.admitCard ?? null), [row.admitCard]);

  if (!admitCard) {
    // Only an approved application gets a card, and only once its exam schedule is approved.
    return isApproved(row) && row.examScheduled ? <AdmitCardPending /> : null;
  }
  return (
    <section className="admit-card-section" data-testid="admit-card-section" aria-label={t('myAdmitCard.title')}>
      <h3 className="application-card__section">{t('myAdmitCard.title')}</h3>
      {admitCard.confirmedAt === null ? (
        <>
          <p style={{ margin: '0 0 8px' }}>{t('myAdmitCard.confirmIntro')}</p>
          <ConfirmAdmitCardButton admitCardId={admitCard.id} block onConfirmed={(confirmedAt) => setAdmitCard({ ...admitCard, confirmedAt })} />
        </>
      ) : (
        <>
          <p className="muted" style={{ margin: '0 0 8px' }} data-testid="admit-card-confirmed">
            {t('myAdmitCard.confirmedOn', { date: date(admitCard.confirmedAt) })}
          </p>
          <div className="admit-card-section__actions">
            <Button type="primary" href={admitCardPath(admitCard.id)} onClick={(event) => {
              event.preventDefault();
              void navigate(admitCardPath(admitCard.id));
            }} data-testid="admit-card-view">
              {t('myAdmitCard.view')}
            </Button>
            <DownloadAdmitCardButton card={{ id: admitCard.id, advertisementCode: row.advertisementCode, rollNumber: String(row.rollNumber ?? '') }} />
          </div>
        </>
      )}
    </section>
  );
}
