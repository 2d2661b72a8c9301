import { Alert, Button, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { fetchAdmitCard, NOT_CONFIRMED, type AdmitCardPaper, type AdmitCardView, type Bilingual } from '../../api/admit-cards-api';
import { ARRIVE_MINUTES_BEFORE, arrivalTimeOf } from '../../components/admit-card/admit-card-rules';
import { ConfirmAdmitCardButton } from '../../components/admit-card/confirm-admit-card-button';
import { DownloadAdmitCardButton } from '../../components/admit-card/download-admit-card-button';
import { useObjectUrl } from '../../components/files/file-preview';
import { useFormat } from '../../hooks/use-format';
import './admit-card.css';

// spec §2 /vacancy-applied, spec §7 "Admit card: ... download": the card on screen, for a phone
// at the gate as much as for printing. What the centre checks comes first and largest: the roll
// number, the photograph, and for each paper its date, time, centre, room and seat; then the rules
// the card prints. Only its owner can open it (the API answers 404 to anyone else); before she
// confirms that she will sit the exam it answers 409 and the page asks for the confirmation.

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'unconfirmed' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; view: AdmitCardView };

/** The reader's language first, the other after it when it says something more. */
function inBoth(text: Bilingual, language: 'ne' | 'en'): [string, string | null] {
  const first = language === 'ne' ? text.np || text.en : text.en || text.np;
  const second = language === 'ne' ? text.en : text.np;
  return [first, second && second !== first ? second : null];
}

function inReaderLanguage(text: Bilingual, language: 'ne' | 'en'): string {
  return inBoth(text, language)[0];
}

function CandidateImage({ url, label, kind }: { url: string | null; label: string; kind: 'photo' | 'signature' }) {
  const shown = useObjectUrl(url ? { url } : null);
  const className = `admit-card__${kind}`;
  if (shown?.status === 'ready') return <img className={className} src={shown.url} alt={label} data-testid={`admit-card-${kind}`} />;
  if (shown?.status === 'loading') return <Skeleton.Image active className={className} />;
  return (
    <span className={`${className} admit-card__image-missing`} role="img" aria-label={label}>
      {label}
    </span>
  );
}

function PaperItem({ paper }: { paper: AdmitCardPaper }) {
  const { t, language, digits, date } = useFormat();
  return (
    <li className="admit-card__paper" data-testid="admit-card-paper">
      <strong className="admit-card__paper-name">{inReaderLanguage(paper.name, language)}</strong>
      <span className="admit-card__paper-date">{date(paper.dateAd)}</span>
      <span>
        {t('myAdmitCard.startTime', { time: digits(paper.startTime) })} · {t('myAdmitCard.duration', { minutes: digits(paper.durationMinutes) })}
      </span>
      <span className="admit-card__arrive">{t('myAdmitCard.arriveBy', { time: digits(arrivalTimeOf(paper.startTime)) })}</span>
      <span className="admit-card__centre" data-testid="admit-card-centre">
        {t('myAdmitCard.centre')}: <strong>{inReaderLanguage(paper.centre.name, language)}</strong>, {inReaderLanguage(paper.centre.address, language)}
      </span>
      <span className="admit-card__seat" data-testid="admit-card-seat">
        <span>
          {t('myAdmitCard.room')} <strong>{digits(paper.roomNumber)}</strong>
        </span>
        <span>
          {t('myAdmitCard.seat')} <strong>{digits(paper.seatNumber)}</strong>
        </span>
      </span>
    </li>
  );
}

function AdmitCardSheet({ view }: { view: AdmitCardView }) {
  const { t, language, digits, date } = useFormat();
  const { card } = view;
  const [name, otherName] = inBoth(card.candidate.name, language);
  const [post] = inBoth(card.post, language);
  return (
    <article className="admit-card" data-testid="admit-card" aria-labelledby="admit-card-title">
      <header className="admit-card__header">
        <p className="admit-card__commission">{inReaderLanguage(card.commission, language)}</p>
        <p className="admit-card__office">{inReaderLanguage(card.office, language)}</p>
        <h1 id="admit-card-title" className="admit-card__title">
          {t('myAdmitCard.title')}
        </h1>
      </header>

      <dl className="admit-card__facts">
        <div>
          <dt>{t('myAdmitCard.advertisement')}</dt>
          <dd data-testid="admit-card-advertisement">
            {digits(card.advertisementCode)} ({t('myAdmitCard.fiscalYear')} {digits(card.fiscalYear)})
          </dd>
        </div>
        <div>
          <dt>{t('myAdmitCard.post')}</dt>
          <dd>
            {post}
            <br />
            <span className="muted">{inReaderLanguage(card.postDetail, language)}</span>
          </dd>
        </div>
      </dl>

      <div className="admit-card__candidate">
        <div className="admit-card__identity">
          <p className="admit-card__label">{t('myAdmitCard.rollNumber')}</p>
          <p className="admit-card__roll" data-testid="admit-card-roll">
            {digits(card.rollNumber)}
          </p>
          <p className="admit-card__label">{t('myAdmitCard.name')}</p>
          <p className="admit-card__name" data-testid="admit-card-name">
            {name}
            {otherName ? <span className="admit-card__other-name">{otherName}</span> : null}
          </p>
        </div>
        <CandidateImage url={view.photoUrl} label={t('myAdmitCard.photo')} kind="photo" />
      </div>
      <div className="admit-card__signature-row">
        <CandidateImage url={view.signatureUrl} label={t('myAdmitCard.signature')} kind="signature" />
      </div>

      <h2 className="admit-card__section">{t('myAdmitCard.papers')}</h2>
      <ol className="admit-card__papers">
        {card.papers.map((paper) => (
          <PaperItem key={`${paper.dateAd} ${paper.startTime}`} paper={paper} />
        ))}
      </ol>

      <h2 className="admit-card__section">{t('myAdmitCard.rules')}</h2>
      <ul className="admit-card__rules" data-testid="admit-card-rules">
        <li>{t('myAdmitCard.rule.arrive', { minutes: digits(ARRIVE_MINUTES_BEFORE) })}</li>
        <li>{t('myAdmitCard.rule.documents')}</li>
        <li>{t('myAdmitCard.rule.pen')}</li>
        <li>{t('myAdmitCard.rule.phone')}</li>
      </ul>

      <p className="admit-card__issued muted">
        {t('myAdmitCard.issuedOn', { date: date(card.issuedOnAd) })}
        <br />
        {t('myAdmitCard.verifyHint')}
      </p>
    </article>
  );
}

export default function AdmitCardPage() {
  const { t } = useFormat();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(async () => {
    const result = await fetchAdmitCard(id);
    if (result.ok) setLoaded({ status: 'ready', view: result.data });
    else if (result.httpStatus === 404) setLoaded({ status: 'missing' });
    else if (result.code === NOT_CONFIRMED) setLoaded({ status: 'unconfirmed' });
    else setLoaded({ status: 'failed', message: result.message });
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const back = (
    <Button onClick={() => void navigate('/vacancy-applied')} block data-testid="admit-card-back">
      {t('nav.myApplications')}
    </Button>
  );

  if (loaded.status === 'loading') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (loaded.status === 'missing') {
    return (
      <Result
        status="warning"
        title={<h1 className="page-title" data-testid="admit-card-not-found">{t('myAdmitCard.notFound')}</h1>}
        subTitle={t('myAdmitCard.notFoundBody')}
        extra={back}
      />
    );
  }
  if (loaded.status === 'unconfirmed') {
    return (
      <section className="admit-card-page" data-testid="admit-card-unconfirmed">
        <h1 className="page-title">{t('myAdmitCard.title')}</h1>
        <p>{t('myAdmitCard.confirmFirst')}</p>
        <div className="admit-card-page__actions">
          <ConfirmAdmitCardButton admitCardId={id} block onConfirmed={() => void load()} />
          {back}
        </div>
      </section>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('myAdmitCard.loadFailed')}
        description={loaded.message}
        action={<Button onClick={() => void load()}>{t('myAdmitCard.retry')}</Button>}
      />
    );
  }
  const { view } = loaded;
  return (
    <section className="admit-card-page">
      <AdmitCardSheet view={view} />
      <div className="admit-card-page__actions">
        <DownloadAdmitCardButton type="primary" block card={{ id: view.id, advertisementCode: view.card.advertisementCode, rollNumber: view.card.rollNumber }} />
        {back}
      </div>
    </section>
  );
}
