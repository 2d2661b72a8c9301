import { apiClient } from '../../api/client';
import { trackRequest } from '../../api/request-state';

// Promotion vacancies for candidates (GET /api/psc/promotions,
// POST /api/psc/promotions/:id/apply; api/src/applications/promotion-applications.ts).

export type MyPromotionApplication = { id: number; promotionId: number; receiptCode: string; status: string; paymentState: string };

export type LivePromotion = {
  id: number;
  fiscalYear?: string;
  promotionTypeNameEn?: string | null;
  promotionTypeNameNp?: string | null;
  serviceNameEn?: string | null;
  serviceNameNp?: string | null;
  groupNameEn?: string | null;
  groupNameNp?: string | null;
  classNameEn?: string | null;
  classNameNp?: string | null;
  postNameEn?: string | null;
  postNameNp?: string | null;
  vacancies: number;
  area?: string | null;
  fee: number;
  decisionNo?: string | null;
  decisionDate?: string | null;
  myApplication: MyPromotionApplication | null;
};

export type PromotionApplyAnswer = {
  created: boolean;
  application: MyPromotionApplication & { submittedAt: string };
  charges: { id: number; purpose: string; amount: number; status: string }[];
};

export function fetchLivePromotions(page: number, pageSize: number) {
  return trackRequest('psc.promotions', () => apiClient.request<{ items: LivePromotion[]; total: number }>(`/psc/promotions?page=${page}&pageSize=${pageSize}`));
}

export function applyForPromotion(promotionId: number) {
  return trackRequest('psc.promotions.apply', () => apiClient.request<PromotionApplyAnswer>(`/psc/promotions/${promotionId}/apply`, { method: 'POST', body: {} }));
}
