/**
 * The provider stand-ins (Kustom/Klarna and Qliro) as a server of their own, for the payments fault suite: the API
 * process is SIGKILLed and restarted under them, so they must not live inside it. Mounted where the shop mounts them
 * (/stand-in/klarna, /stand-in/qliro) with `StandInOptions.origin` = this server's origin, so their snippets and
 * pay pages name this server absolutely, as the real providers' do.
 *
 *   node --import tsx api/test/payments/faults/standins-server.ts
 *     STAND_IN_PORT   port to listen on (default: a free one); HOST is always 127.0.0.1
 *     KLARNA_USERNAME / KLARNA_PASSWORD / QLIRO_API_KEY / QLIRO_API_SECRET   as the API's (payments/config.ts defaults)
 *     PAYMENT_STAND_IN_PUSH_DELAY_MS   the stand-ins' own push timing (standins/control.ts)
 * Prints one line `stand-ins listening on <origin>` once it accepts requests; stops on SIGTERM/SIGINT.
 */
import Fastify from 'fastify';
import { paymentsConfig, STAND_IN_PREFIX } from '../../../src/payments/config.js';
import { klarnaStandIn } from '../../../src/payments/standins/klarna.js';
import { qliroStandIn } from '../../../src/payments/standins/qliro.js';
import { freePort } from '../../support/process.js';

const port = Number(process.env.STAND_IN_PORT) || (await freePort());
const origin = `http://127.0.0.1:${port}`;
// Credentials only: the base URLs of this config are the API's business.
const config = paymentsConfig({ ...process.env, PAYMENT_STAND_INS: '1' });
// The suite sends thousands of requests; Fastify's request log would drown the harness's output.
const app = Fastify({ logger: false, forceCloseConnections: true });
await app.register(klarnaStandIn(config.klarna, { origin }), { prefix: STAND_IN_PREFIX.klarna });
await app.register(qliroStandIn(config.qliro, { origin }), { prefix: STAND_IN_PREFIX.qliro });
app.get('/health', async () => ({ ok: true }));
await app.listen({ port, host: '127.0.0.1' });
console.log(`stand-ins listening on ${origin}`);

const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
