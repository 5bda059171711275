/** Mounts the provider stand-ins at /stand-in/{klarna,qliro} when configured (payments/config.ts). */
import type { FastifyInstance } from 'fastify';
import { paymentsConfig, STAND_IN_PREFIX, type PaymentsConfig } from '../config.js';
import type { StandInOptions } from './control.js';
import { klarnaStandIn } from './klarna.js';
import { qliroStandIn } from './qliro.js';

export async function installPaymentStandIns(app: FastifyInstance, config: PaymentsConfig = paymentsConfig(), options: StandInOptions = {}): Promise<void> {
  if (!config.standIns) return;
  await app.register(klarnaStandIn(config.klarna, options), { prefix: STAND_IN_PREFIX.klarna });
  await app.register(qliroStandIn(config.qliro, options), { prefix: STAND_IN_PREFIX.qliro });
}
