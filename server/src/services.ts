/** What the call handlers and the worker work with, built once per server. */
import type { LiveApps } from '@app/deploy/live-apps';
import type { CanaryCookies } from './releases/canary-cookie';
import type { DeliveryChannels } from './delivery/transports';
import type { MoneyConfig } from './config';
import type { Database } from './db/database';
import type { ETaxGateway } from './etax/gateway';
import type { PaymentGateways } from './payments/payment-config';
import type { PayoutGateway } from './payouts/payout-gateway';
import type { RateLimiter } from './http/rate-limiter';
import type { TaskQueue } from './tasks/task-queue';
import type { WechatJsapi } from './wechat/jsapi';

export interface AppServices {
  db: Database;
  gateway: ETaxGateway;
  tasks: TaskQueue;
  /** Used to encrypt e-tax passwords at rest. */
  secretKey: Buffer;
  /** The public origin of the server (for QR codes that phones open). */
  publicUrl: string;
  /** Sign-in goes through the built-in demo provider (no WeChat or Alipay credentials configured). */
  demoSignIn: boolean;
  /** The configured payment providers (a channel without one is refused). */
  payments: PaymentGateways;
  /** Settlement delay and the payout simulator's settings. */
  money: MoneyConfig;
  payouts: PayoutGateway;
  /** The WeChat JS-SDK signer (wechat/jsapiConfig), where WeChat is configured. */
  wechatJsapi: WechatJsapi | null;
  /** The release registry: which versions were released, which are live. */
  liveApps: LiveApps;
  /** The rate limits' counters: shared by the fleet through Redis (REDIS_URL), or this process's own. */
  rateLimiter: RateLimiter;
  /** Signs and reads the cookie that says which canaries a browser gets. */
  canaryCookies: CanaryCookies;
  /** Where issued invoices are sent: e-mail (SMTP or the outbox) and SMS (the simulator). */
  delivery: DeliveryChannels;
}
