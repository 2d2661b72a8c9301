import { Alert, Button, Empty, Pagination, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { nameIn, useFormat } from '../../hooks/use-format';
import { applyForPromotion, fetchLivePromotions, type LivePromotion, type PromotionApplyAnswer } from './promotion-api';
import '../../styles/apply-and-pay.css';

// spec §2 /promotion/vacancy and /promotion/vacancy/apply/{id}: live promotions, and applying
// for one (one application per candidate and promotion; its fee is paid at
// /promotion-voucher-upload/{id}, `id` being the charge).

const PAGE_SIZE = 10;

function titleOf(promotion: LivePromotion, language: 'ne' | 'en') {
  return nameIn(promotion, 'post', language) || nameIn(promotion, 'class', language) || nameIn(promotion, 'service', language);
}

function PromotionFacts({ promotion }: { promotion: LivePromotion }) {
  const { t, language, digits, date, money } = useFormat();
  return (
    <>
      <h2 className="application-card__title">{titleOf(promotion, language)}</h2>
      <p className="muted" style={{ margin: 0 }}>
        {[nameIn(promotion, 'promotionType', language), nameIn(promotion, 'service', language), nameIn(promotion, 'group', language)].filter(Boolean).join(' · ')}
      </p>
      <p style={{ margin: 0 }}>
        {t('promo.vacancies', { count: promotion.vacancies })} · {t('promo.fee', { amount: money(promotion.fee) })}
      </p>
      {promotion.decisionNo ? (
        <p className="muted" style={{ margin: 0 }}>
          {t('promo.decision', { number: digits(promotion.decisionNo) })} {promotion.decisionDate ? `· ${date(promotion.decisionDate)}` : ''}
        </p>
      ) : null}
    </>
  );
}

export function PromotionVacancyPage() {
  const { t } = useFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<LivePromotion[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const result = await fetchLivePromotions(page, PAGE_SIZE);
    if (result.ok) {
      setItems(result.data.items);
      setTotal(result.data.total);
      setError(null);
    } else setError(result.message);
  }, [page]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="my-applications" aria-labelledby="promotion-title">
      <h1 id="promotion-title" className="page-title">
        {t('promo.title')}
      </h1>
      <Alert type="info" showIcon title={t('promo.guidance')} />
      {error ? (
        <Alert type="error" showIcon title={error} />
      ) : items === null ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <Empty description={t('promo.empty')} />
      ) : (
        <>
          <p className="muted">{t('promo.count', { count: total })}</p>
          {items.map((promotion) => (
            <article key={promotion.id} className="application-card" data-testid="promotion-card">
              <PromotionFacts promotion={promotion} />
              {promotion.myApplication ? (
                <Tag color="green">{t('promo.applied', { code: promotion.myApplication.receiptCode })}</Tag>
              ) : (
                <Button type="primary" onClick={() => void navigate(`/promotion/vacancy/apply/${promotion.id}`)}>
                  {t('promo.apply')}
                </Button>
              )}
            </article>
          ))}
          {total > PAGE_SIZE ? <Pagination simple current={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} /> : null}
        </>
      )}
    </section>
  );
}

export function PromotionApplyPage() {
  const { t, money } = useFormat();
  const navigate = useNavigate();
  const promotionId = Number(useParams().id);
  const [promotion, setPromotion] = useState<LivePromotion | null | undefined>(undefined);
  const [answer, setAnswer] = useState<PromotionApplyAnswer | null>(null);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    // The live list is short; the promotion is read from it (there is no single-promotion route).
    void fetchLivePromotions(1, 100).then((result) => {
      setPromotion(result.ok ? (result.data.items.find((item) => item.id === promotionId) ?? null) : null);
    });
  }, [promotionId]);

  if (promotion === undefined) return <Skeleton active />;
  if (promotion === null) return <Alert type="warning" showIcon title={t('promo.notFound')} />;

  const due = answer?.charges.find((charge) => charge.status === 'due');
  return (
    <section className="my-applications" aria-labelledby="promotion-apply-title">
      <h1 id="promotion-apply-title" className="page-title">
        {t('promo.applyTitle')}
      </h1>
      <article className="application-card">
        <PromotionFacts promotion={promotion} />
      </article>
      <Alert type="info" showIcon title={t('promo.guidance')} />
      {answer ? (
        <div className="receipt-card" data-testid="promotion-receipt">
          <p className="receipt-card__code">
            <span className="muted">{t('receipt.code')}</span>
            <strong>{answer.application.receiptCode}</strong>
          </p>
          {due ? (
            <>
              <p>
                {t('receipt.amountDue')}: {money(due.amount)}
              </p>
              <Button type="primary" onClick={() => void navigate(`/promotion-voucher-upload/${due.id}`)}>
                {t('promo.uploadVoucher')}
              </Button>
            </>
          ) : null}
        </div>
      ) : promotion.myApplication ? (
        <Tag color="green">{t('promo.applied', { code: promotion.myApplication.receiptCode })}</Tag>
      ) : (
        <Button
          type="primary"
          size="large"
          block
          style={{ marginTop: 12 }}
          loading={isSending}
          onClick={async () => {
            setIsSending(true);
            const result = await applyForPromotion(promotionId);
            setIsSending(false);
            if (result.ok) setAnswer(result.data);
          }}
        >
          {t('promo.apply')}
        </Button>
      )}
    </section>
  );
}
