/**
 * Mounts the API: every call as `POST /api/<module>/<action>`, answers in the envelope, and turns every client
 * mistake into a 4xx envelope with a Chinese message and an errorCode (never a 500). Unknown `/api` paths answer 404
 * in the same envelope.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import { hasAcceptedLatest } from '../agreements/agreement-acceptance';
import { isCompanyUser, resolveCaller, type Caller, type CallerCompany } from '../auth/caller';
import type { Permission } from '@app/contract/user';
import type { AppServices } from '../services';
import { ApiFailure, ErrorCode, failed, invalidInput, ok } from './api-failure';
import type { CallSpec } from './define-call';
import { permitted } from './access';
import { isDatabaseUnavailable, SERVICE_BUSY_MESSAGE } from '../db/database-unavailable';
import { registerJsonBody } from './json-body';
import { refuseOverLimit } from './rate-limiter';
import { clientError } from './route-errors';
import { fieldName, findUnsafeString, pointerToPath, titleAt } from './validation-messages';
import { chinaDate } from '@app/domain/china-time';
import { API } from '@app/contract/api';
import type { CallContract } from '@app/contract/schema-kit';
import { withAuditScope } from '../audit/audit-trail';

const API_BODY_LIMIT = 256 * 1024;

/** A call's 200 answer: success with its result (failures are never sent with 200, see api-failure.ts). */
function successEnvelope(result: TSchema) {
  return Type.Object({ success: Type.Literal(true), result, message: Type.Null(), errorCode: Type.Null() });
}

export function sendFailure(reply: FastifyReply, error: unknown, request: FastifyRequest): FastifyReply {
  const client = clientError(error);
  if (client) return reply.code(client.status).send(failed(client.code, client.message, client.result ?? null));
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'call failed: the database is unreachable');
    return reply.code(503).send(failed(ErrorCode.Internal, SERVICE_BUSY_MESSAGE));
  }
  request.log.error({ err: error }, 'call failed');
  return reply.code(500).send(failed(ErrorCode.Internal, '服务暂时不可用，请稍后重试'));
}

/** 1003 unless the caller's company role allows a call of this access (the message says whether a company user). */
export function requirePermitted(
  access: { anyOf?: readonly Permission[]; allOf?: readonly Permission[] },
  company: CallerCompany | null,
): asserts company is CallerCompany {
  if (!company || !permitted(access, company.permissions)) {
    throw new ApiFailure(ErrorCode.NoPermission, company && isCompanyUser(company) ? '您没有此操作的权限' : '仅企业用户可以使用此功能');
  }
}

async function authorise(spec: CallSpec, request: FastifyRequest, services: AppServices) {
  const { access } = spec;
  if (access.kind === 'public') {
    const caller = request.headers.authorization ? await resolveCaller(services.db, request.headers.authorization).catch(() => null) : null;
    return { caller };
  }
  const caller: Caller = await resolveCaller(services.db, request.headers.authorization);
  if (access.kind === 'user') return { caller };
  const company = caller.company;
  requirePermitted(access, company);
  if (!access.allowExpired && company.serviceExpiresAt.getTime() < Date.now()) {
    const expiredOn = chinaDate(company.serviceExpiresAt);
    throw new ApiFailure(ErrorCode.ServiceExpired, `${company.name}的服务已于 ${expiredOn} 到期，请联系客服续费`);
  }
  if (access.agreement && !(await hasAcceptedLatest(services.db, caller.userId))) {
    throw new ApiFailure(ErrorCode.AgreementRequired, '请先阅读并同意《用户授权协议》，优税通才能代您办理税务事项');
  }
  return { caller, company };
}

export interface RegisterOptions {
  /** Runs before each handler with the call's path (test mode: forced failures). */
  beforeCall?: (path: string) => void;
}

export async function registerCalls(
  app: FastifyInstance,
  services: AppServices,
  calls: readonly CallSpec[],
  options: RegisterOptions = {},
): Promise<void> {
  await app.register(
    async (api) => {
      registerJsonBody(api, API_BODY_LIMIT);

      api.addHook('preValidation', async (request) => {
        // A call without a body is a call with an empty object (a JSON null is not an object: validation refuses it).
        if (request.body === undefined) request.body = {};
        const unsafe = findUnsafeString(request.body);
        if (unsafe) {
          const path = unsafe === '/' ? '' : unsafe;
          const message = `参数 ${fieldName(path, titleAt(request.routeOptions.schema?.body, path))} 含有不允许的字符`;
          throw invalidInput(message, path ? { [pointerToPath(path)]: message } : {});
        }
      });

      api.setErrorHandler((error, request, reply) => sendFailure(reply, error, request));
      api.setNotFoundHandler((request, reply) => {
        reply.code(404).send(failed(ErrorCode.NotFound, `接口不存在: ${request.method} ${request.url.split('?')[0]}`));
      });

      for (const spec of calls) {
        // The answer is serialised by the contract's result schema: only what the contract says leaves the server.
        const schema = { body: spec.body, response: { 200: successEnvelope(spec.result) } };
        api.post(`/${spec.path}`, { schema, bodyLimit: API_BODY_LIMIT }, async (request, reply) => {
          const context = await authorise(spec, request, services);
          options.beforeCall?.(spec.path);
          if (spec.rateLimit)
            await refuseOverLimit(services.rateLimiter, spec.rateLimit.name ?? spec.path, spec.rateLimit, {
              userId: context.caller?.userId ?? null,
              ip: request.ip,
            });
          const scope = {
            userId: context.caller?.userId ?? null,
            role: 'company' in context ? (context.company?.roleName ?? null) : null,
            companyId: 'company' in context ? (context.company?.id ?? null) : null,
            requestId: request.id,
            ip: request.ip,
            kind: (API[spec.path] as CallContract).changes ?? null,
          };
          const result = await withAuditScope(scope, () => spec.handler({ ...context, body: request.body, services, request } as never));
          return reply.send(ok(result ?? null));
        });
      }
    },
    { prefix: '/api' },
  );
}
