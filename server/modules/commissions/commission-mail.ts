import type { OrderMailSettings } from '../orders';
import type { CommissionMailFacts } from '../../emails/commission-emails';
import type { CommissionRequestInput } from './commission.schema';
import type { ICommission } from './commission.entity';

/** The buyer's page: the only address of a commission the buyer needs (PUBLIC_URL's origin, never a request header). */
export const pageUrl = (mail: OrderMailSettings, token: string) => `${mail.origin}/commissions/${token}`;

/** The owner's page of a commission in the admin. */
export const adminUrl = (mail: OrderMailSettings, id: number) => `${mail.origin}/admin/commissions/${id}`;

/** A header never carries a line break typed into a form field. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ');

export function mailFacts(id: number, commission: CommissionRequestInput | ICommission): CommissionMailFacts {
  return {
    id,
    name: commission.name,
    email: commission.email,
    purpose: commission.purpose,
    wood: commission.wood,
    size: commission.size,
    budget: commission.budget,
    neededBy: commission.neededBy ? String(commission.neededBy).slice(0, 10) : null,
    photos: commission.photos.length,
  };
}
