import type { AppServices } from '../../contract/app-services';
import { AppError } from '../../trpc/errors';
import type { ProviderContext } from '../payments/payment-provider';
import type { OrderMailSettings } from '../orders/order-email';
import type { AcceptInput, BalanceInput, CommissionDto } from './commission.schema';

export function acceptQuote(
  _ctx: ProviderContext,
  _services: AppServices,
  _input: AcceptInput,
  _mail: OrderMailSettings,
): Promise<CommissionDto> {
  return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Accepting a quote is not available yet'));
}

export function payBalance(
  _ctx: ProviderContext,
  _services: AppServices,
  _input: BalanceInput,
  _mail: OrderMailSettings,
): Promise<CommissionDto> {
  return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'Paying a balance is not available yet'));
}
