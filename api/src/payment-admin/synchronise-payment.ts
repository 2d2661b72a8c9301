import { schema, type Database } from '@psc/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { PaymentGateway } from '../payments/gateways/gateway';
import { resolveOnlinePayment } from '../payments/online-payment';

type Actor = { actorUserId: number; requestId?: string | null; ipAddress?: string | null };

/**
 * spec CPM checkSynchronisedPayment: a candidate paid online but never came back to the portal
 * (closed the tab, lost the connection). Staff ask the gateway server to server, exactly as the
 * return page would; what changes is audited.
 */
export async function synchronisePayment(db: Database, gateway: PaymentGateway, log: Logger, id: number, actor: Actor) {
  const [before] = await db.select().from(schema.payments).where(eq(schema.payments.id, id));
  if (!before) throw new AppError('NOT_FOUND');
  if (before.method !== 'online' || before.gateway !== gateway.id) throw new AppError('UNPROCESSABLE', { messageKey: 'payment.notVerifiable' });
  const answer = await resolveOnlinePayment(db, gateway, log, before);
  if (answer.status !== before.status) {
    const [after] = await db.select().from(schema.payments).where(eq(schema.payments.id, id));
    await recordAudit(db, { ...actor, action: 'synchronise', entity: 'payments', entityId: id, before, after });
  }
  return answer;
}
