/** Mounts the provider stand-ins at /stand-in/{klarna,qliro} when configured (payments/config.ts). */
import type { FastifyInstance } from 'fastify';
import { paymentsConfig, STAND_IN_PREFIX, type PaymentsConfig } from '../config.js';
import { klarnaStandIn } from './klarna.js';
import { qliroStandIn } from './qliro.js';

export async function installPaymentStandIns(app: FastifyInstance, config: PaymentsConfig = paymentsConfig()): Promise<void> {
  if (!config.standIns) return;
  await app.register(klarnaStandIn(config.klarna), { prefix: STAND_IN_PREFIX.klarna });
  await app.register(qliroStandIn(config.qliro), { prefix: STAND_IN_PREFIX.qliro });
}
