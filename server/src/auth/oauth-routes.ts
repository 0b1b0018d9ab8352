/**
 * WeChat and Alipay web authorisation (used when their credentials are configured). Filled in by the OAuth work:
 * the redirect with an unguessable state, and the callback that checks it and exchanges the code.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { AppServices } from '../services';

export async function startOAuth(reply: FastifyReply, _services: AppServices, _config: ServerConfig, _authType: 'wechat' | 'alipay', _returnUrl: string, _workWechat: boolean) {
  return reply.code(501).send('OAuth not implemented yet');
}

export async function registerOAuthRoutes(_auth: FastifyInstance, _services: AppServices, _config: ServerConfig): Promise<void> {}
