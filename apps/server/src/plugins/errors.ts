/**
 * Error and not-found handling in the contract envelope (contract.md section 1):
 * validation failures answer 400 naming the field in Chinese; unknown API paths 404;
 * unexpected errors 500 with the request id and no internals.
 */
import { ErrorCode, Messages } from '@eav/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const FIELD_NAMES: Record<string, string> = {
  page: '页码',
  pageSize: '每页条数',
  phone: '手机号',
  password: '密码',
  account: '账号',
  userName: '用户名',
  smsCode: '短信验证码',
  captchaKey: '图形验证码标识',
  captchaCode: '图形验证码',
  oldPassword: '原密码',
  newPassword: '新密码',
  identity: '身份',
  realName: '真实姓名',
  school: '学校',
  region: '地区',
  purpose: '验证码用途',
  count: '数量',
  expiresAt: '有效期',
  batch: '批次',
};

function fieldLabel(pathParts: readonly PropertyKey[]): string {
  const key = pathParts.map(String).join('.');
  const last = String(pathParts[pathParts.length - 1] ?? '');
  const label = FIELD_NAMES[last];
  return label ? `${label}（${key}）` : key || '请求';
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        const body: Record<string, unknown> = { code: error.code, msg: error.msg };
        if (error.data !== undefined) body.data = error.data;
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const where = first?.instancePath ? first.instancePath.split('/').filter(Boolean) : [];
        const params = (first?.params ?? {}) as { issue?: { path?: PropertyKey[]; message?: string } };
        const issuePath = params.issue?.path ?? where;
        const message = params.issue?.message ?? first?.message ?? '格式不正确';
        return reply.status(400).send({
          code: 400,
          msg: `参数 ${fieldLabel(issuePath)} 不合法：${message}`,
          data: error.validation.map((v) => ({
            field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
            message: v.message,
          })),
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send({ code: 413, msg: '上传内容过大' });
      if (status === 415) return reply.status(415).send({ code: 415, msg: '不支持的内容类型' });
      if (status === 429) return reply.status(429).send({ code: ErrorCode.RATE_LIMITED, msg: Messages.rateLimited });
      if (status >= 400 && status < 500) {
        // Framework-level client errors (bad JSON, bad multipart...): never echo internals.
        const msg =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? '请求体不是合法的 JSON'
            : '请求格式不正确';
        return reply.status(status).send({ code: status, msg });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 500, msg: Messages.internal, requestId: request.id });
    });

    app.setNotFoundHandler((request, reply) => {
      const url = request.url;
      if (url.startsWith('/api/') || url.startsWith('/prize/api/') || url === '/api' || url === '/prize/api') {
        return reply.status(404).send({ code: 404, msg: Messages.notFoundRequest });
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('404 页面不存在');
    });
  },
  { name: 'errors' },
);
