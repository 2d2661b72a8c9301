import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { admitCardPath, fetchOldAdmitCards, type AdmitCardSummary } from '../../api/admit-cards-api';
import { DownloadAdmitCardButton } from '../../components/admit-card/download-admit-card-button';
import { OwnItemsList } from '../../components/own-items-list';
import { nameIn, useFormat } from '../../hooks/use-format';
import './admit-card.css';

// spec §2 /vacancy-applied/download/old-admit-card, spec §7 "old admit card": the admit cards of
// exams already held, each to view again or download (a candidate is often asked for a past roll
// number). Cards as a list, not a table, so they read at 360 px.

function OldAdmitCard({ item }: { item: AdmitCardSummary }) {
  const { t, language, digits, date } = useFormat();
  const navigate = useNavigate();
  const path = admitCardPath(item.id);
  return (
    <article className="old-admit-card" data-testid="old-admit-card">
      <h2 className="old-admit-card__title">{nameIn(item, 'post', language)}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {t('myAdmitCard.advertisement')}: {digits(item.advertisementCode)}
      </p>
      <p style={{ margin: 0 }}>
        {t('myAdmitCard.rollNumber')}: <strong data-testid="old-admit-card-roll">{digits(item.rollNumber)}</strong>
      </p>
      <p style={{ margin: 0 }}>
        {t('oldAdmitCards.examDate')}: {date(item.firstPaperDateAd)}
      </p>
      <div className="old-admit-card__actions">
        <Button
          href={path}
          onClick={(event) => {
            event.preventDefault();
            void navigate(path);
          }}
          data-testid="admit-card-view"
        >
          {t('myAdmitCard.view')}
        </Button>
        <DownloadAdmitCardButton card={item} />
      </div>
    </article>
  );
}

export default function OldAdmitCardsPage() {
  const { t } = useFormat();
  return (
    <section className="admit-card-page" aria-labelledby="old-admit-cards-title" data-testid="old-admit-cards">
      <h1 id="old-admit-cards-title" className="page-title">
        {t('nav.oldAdmitCard')}
      </h1>
      <p className="muted">{t('oldAdmitCards.intro')}</p>
      <OwnItemsList
        fetchItems={fetchOldAdmitCards}
        renderItem={(item) => <OldAdmitCard key={item.id} item={item} />}
        retryLabel={t('myAdmitCard.retry')}
        emptyLabel={t('oldAdmitCards.empty')}
        emptyTestId="old-admit-cards-empty"
      />
    </section>
  );
}
