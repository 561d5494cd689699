/**
 * Error and not-found handling in the contract envelope (docs/api.md, Errors):
 * validation failures answer 400 naming the field in Chinese; unknown API paths 404;
 * PostgreSQL data errors caused by input that slipped past a schema 400; a database or Redis that
 * cannot answer 503 服务繁忙，请稍后再试; unexpected errors 500 with the request id and no internals.
 */
import { ErrorCode, Messages } from '@eav/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { requestTarget } from './request-target';

const FIELD_NAMES: Record<string, string> = {
  page: '页码',
  pageSize: '每页条数',
  phone: '手机号',
  password: '密码',
  account: '账号',
  userName: '用户名',
  consentVersion: '协议同意',
  birthYear: '出生年份',
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
  keyword: '关键词',
  stageId: '学段',
  gradeId: '年级',
  subjectId: '学科',
  textbookId: '教材',
  title: '标题',
  image: '图片',
  link: '链接',
  autoAddress: '跳转地址',
  kind: '类型',
  color: '颜色',
  note: '笔记',
  quote: '划线文字',
  clientUpdatedAt: '修改时间',
  since: '同步时间',
  markId: '标注 id',
};

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that only bad input causes, with the message the
 * client gets. The request schemas refuse such input first (schemas/common.ts in the contract);
 * this keeps a schema that misses a bound from turning a bad request into a 500.
 */
const INPUT_DATA_ERRORS: Record<string, string> = {
  '22003': '参数数值超出允许范围',
  '22P02': '参数格式不正确',
  '22021': '参数包含无法处理的字符',
  '22001': '参数内容过长',
  '22007': '日期时间格式不正确',
  '22008': '日期时间超出允许范围',
};

/**
 * The SQLSTATE of a database error, looking through wrappers (Drizzle wraps the driver's error,
 * postgres.js and PGlite both expose `code`), or undefined for anything else.
 */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATEs of a database that cannot serve now: connection exceptions, shutdown, too many connections. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Driver and socket codes of a lost database or Redis connection (postgres.js, Node, ioredis). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'NR_CLOSED',
]);

/**
 * Whether an error means a backing service (PostgreSQL, Redis) cannot answer now rather than a
 * fault of the request or the code: such requests answer 服务繁忙，请稍后再试 and log a warning
 * (docs/operations.md, Backup and restore), not the generic fault message and an error line.
 */
export function isServiceUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    // A database closed to new connections (ALTER DATABASE … ALLOW_CONNECTIONS false, as during a
    // restore) answers 55000, a code that otherwise means a fault of the code: told apart by its text.
    if (code === '55000' && typeof message === 'string' && message.includes('not currently accepting connections'))
      return true;
    // ioredis: commands refused while disconnected, or after their retries ran out.
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && /^(Connection is closed\.|Stream isn't writeable)/.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

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
      const state = sqlState(error);
      const dataMessage = state ? INPUT_DATA_ERRORS[state] : undefined;
      if (dataMessage) {
        // Kept in the logs: each one is a schema that should have refused the input.
        request.log.warn({ err: error, sqlState: state }, 'database refused request data');
        return reply.status(400).send({ code: 400, msg: dataMessage });
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
      if (isServiceUnavailable(error)) {
        // 503: the request may succeed in a moment (the pool reconnects within a second of the
        // database's return, db/client.ts). nginx does not take a 503 for a dead instance
        // (deploy/nginx: no http_503 in proxy_next_upstream), so an outage of what every instance
        // shares never takes them all out of rotation; a closing instance answers no 503 (app.ts).
        request.log.warn({ err: error }, 'backing service unavailable');
        return reply
          .status(503)
          .header('retry-after', '1')
          .send({ code: 503, msg: Messages.unavailable, requestId: request.id });
      }
      if (error instanceof ResponseSerializationError) {
        // The server built an answer its own schema refuses: a bug, never the user's fault. Logged
        // with the route and the failing paths only (no values: answers carry pupils' data), counted
        // for /metrics, answered as any other fault.
        const route = requestTarget(request).pattern ?? 'unmatched';
        const issues = error.cause.issues.map((i) => ({
          path: i.path.map(String).join('.'),
          code: i.code,
          message: i.message,
        }));
        if (app.hasDecorator('metrics')) app.metrics.serializationError(route);
        request.log.error(
          { route, method: request.method, issues },
          `response serialization error at ${issues[0]?.path ?? '(root)'}`,
        );
        return reply.status(500).send({ code: 500, msg: Messages.internal, requestId: request.id });
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
