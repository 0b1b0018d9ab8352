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

const FORBIDDEN_CHARACTERS_ALL = /\p{Cc}/gu;

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  integer: '整数',
  number: '数字',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
  null: '空值',
};

const NAME_LIMIT = 40;

/** A key as a message shows it: no control characters or lone surrogates echoed back, long keys cut short. */
function displayKey(key: string): string {
  const characters = Array.from(key.toWellFormed().replace(FORBIDDEN_CHARACTERS_ALL, '\uFFFD'));
  return characters.length > NAME_LIMIT ? `${characters.slice(0, NAME_LIMIT).join('')}…` : characters.join('');
}

/** The field at a JSON-pointer path as a message names it: `任务编号(id)`, `a.b`, or 请求体 for the body itself. */
export function fieldName(path: string, title?: string): string {
  const key = displayKey(path.replace(/^\//, '').replace(/\//g, '.'));
  if (!key) return '请求体';
  return title ? `${title}(${key})` : key;
}

/** The title (Chinese name) of the property at a JSON-pointer path of a body schema. */
export function titleAt(schema: unknown, path: string): string | undefined {
  let node = schema as SchemaLike | undefined;
  for (const key of path.split('/').filter(Boolean)) node = node?.properties?.[key];
  return node === schema ? undefined : node?.title;
}

/** The path of the field a validation error is about, as `result.fields` names it (`buyer.taxNumber`), or '' for the body. */
export function validationFieldPath(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const pointer =
    error.keyword === 'required'
      ? `${error.instancePath}/${String(params.missingProperty)}`
      : error.keyword === 'additionalProperties'
        ? `${error.instancePath}/${String(params.additionalProperty)}`
        : error.instancePath;
  return pointerToPath(pointer);
}

/** `/lines/0/grossFen` → `lines.0.grossFen`. */
export function pointerToPath(pointer: string): string {
  return pointer.replace(/^\//, '').replace(/\//g, '.');
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
    case 'anyOf':
    case 'oneOf':
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

/** C0 controls except tab and line breaks, DEL and the C1 controls: never typed as text. */
const FORBIDDEN_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

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
