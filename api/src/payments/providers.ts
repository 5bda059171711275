/** Builds the adapter for a provider: configured base URL, else this server's stand-in. */
import { STAND_IN_PREFIX, type PaymentsConfig } from './config.js';
import { KlarnaProvider } from './klarna.js';
import { QliroProvider } from './qliro.js';
import type { PaymentProvider, ProviderName } from './types.js';

export function providerFor(name: ProviderName, config: PaymentsConfig, selfOrigin: string): PaymentProvider {
  if (name === 'klarna') {
    return new KlarnaProvider({ ...config.klarna, baseUrl: config.klarna.baseUrl ?? `${selfOrigin}${STAND_IN_PREFIX.klarna}` });
  }
  return new QliroProvider({ ...config.qliro, baseUrl: config.qliro.baseUrl ?? `${selfOrigin}${STAND_IN_PREFIX.qliro}` });
}
