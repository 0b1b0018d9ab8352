/**
 * Turns a JSON-schema validation error into one clear Chinese sentence that names the field, e.g.
 * `任务编号(id) 必须是字符串`. A property's `title` in the schema is its Chinese name.
 */
import type { FastifySchemaValidationError } from 'fastify';

interface SchemaLike {
  title?: string;
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

function fieldName(path: string, title?: string): string {
  const key = path.replace(/^\//, '').replace(/\//g, '.');
  if (!key) return '请求体';
  return title ? `${title}(${key})` : key;
}

export function validationMessage(error: FastifySchemaValidationError & { parentSchema?: SchemaLike; schema?: unknown }): string {
  const params = error.params as Record<string, unknown>;
  const own = error.parentSchema;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const path = `${error.instancePath}/${missing}`;
      return `缺少参数 ${fieldName(path, own?.properties?.[missing]?.title)}`;
    }
    case 'additionalProperties':
      return `不支持的参数 ${fieldName(`${error.instancePath}/${String(params.additionalProperty)}`)}`;
    case 'type': {
      const expected = String(params.type)
        .split(',')
        .map((type) => TYPE_NAMES[type] ?? type)
        .join('或');
      return `${fieldName(error.instancePath, own?.title)} 必须是${expected}`;
    }
    case 'maxLength':
      return `${fieldName(error.instancePath, own?.title)} 不能超过 ${String(params.limit)} 个字符`;
    case 'minLength':
      return Number(params.limit) <= 1
        ? `${fieldName(error.instancePath, own?.title)} 不能为空`
        : `${fieldName(error.instancePath, own?.title)} 至少 ${String(params.limit)} 个字符`;
    case 'pattern':
    case 'format':
      return `${fieldName(error.instancePath, own?.title)} 格式不正确`;
    case 'enum':
    case 'const':
      return `${fieldName(error.instancePath, own?.title)} 的取值无效`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${fieldName(error.instancePath, own?.title)} 不能小于 ${String(params.limit)}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${fieldName(error.instancePath, own?.title)} 不能大于 ${String(params.limit)}`;
    case 'maxItems':
      return `${fieldName(error.instancePath, own?.title)} 最多 ${String(params.limit)} 项`;
    case 'minItems':
      return `${fieldName(error.instancePath, own?.title)} 至少 ${String(params.limit)} 项`;
    default:
      return `${fieldName(error.instancePath, own?.title)} 无效`;
  }
}

const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Finds a string in the body that must not be stored: control characters (PostgreSQL refuses NUL outright) or
 * unpaired UTF-16 surrogates (they would be silently replaced). Returns the path of the first one.
 */
export function findUnsafeString(value: unknown, path = ''): string | null {
  if (typeof value === 'string') {
    return FORBIDDEN_CHARACTERS.test(value) || !value.isWellFormed() ? path || '/' : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeString(value[i], `${path}/${i}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (findUnsafeString(key, path)) return `${path}/${key}`;
      const found = findUnsafeString(child, `${path}/${key}`);
      if (found) return found;
    }
  }
  return null;
}
