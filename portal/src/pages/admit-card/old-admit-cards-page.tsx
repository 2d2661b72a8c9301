import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { admitCardPath, fetchOldAdmitCards, type AdmitCardSummary } from '../../api/admit-cards-api';
import { DownloadAdmitCardButton } from '../../components/admit-card/download-admit-card-button';
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
  const [items, setItems] = useState<AdmitCardSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchOldAdmitCards();
    if (result.ok) {
      setItems(result.data.items);
      setError(null);
    } else {
      setError(result.message);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="admit-card-page" aria-labelledby="old-admit-cards-title" data-testid="old-admit-cards">
      <h1 id="old-admit-cards-title" className="page-title">
        {t('nav.oldAdmitCard')}
      </h1>
      <p className="muted">{t('oldAdmitCards.intro')}</p>
      {error ? (
        <Alert type="error" showIcon title={error} action={<Button onClick={() => void load()}>{t('myAdmitCard.retry')}</Button>} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={<span data-testid="old-admit-cards-empty">{t('oldAdmitCards.empty')}</span>} />
      ) : (
        items.map((item) => <OldAdmitCard key={item.id} item={item} />)
      )}
    </section>
  );
}
