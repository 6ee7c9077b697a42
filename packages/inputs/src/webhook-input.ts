import { nestsDeeperThan } from '@hearback/spec';
import { z } from 'zod';
import { TEMPLATE_ROOTS_TEXT, templateTextProblems } from './template-roots.js';
import { stringsOf } from './template-strings.js';
import { utf8ByteLength } from './utf8.js';
import { type ParsedUrl, WebUrl } from './web-url.js';
import {
  HEADER_VALUE_CONTROL_CHARACTER,
  isReservedHeaderName,
  isValidHeaderName,
  RESERVED_HEADERS_TEXT,
} from './webhook-headers.js';
import { DEFAULT_WEBHOOK_METHOD, isWebhookProtocol, WEBHOOK_METHODS } from './webhook-method.js';
import { writeInput } from './write-input.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_HEADERS = 30;
export const MAX_HEADER_VALUE_LENGTH = 4096;
/** The body template, as JSON text (UTF-8 bytes). */
export const MAX_BODY_TEMPLATE_BYTES = 16 * 1024;
export const MAX_BODY_TEMPLATE_DEPTH = 32;

function webhookUrlProblem(value: string): string | undefined {
  if (/\s/.test(value) || HEADER_VALUE_CONTROL_CHARACTER.test(value))
    return 'Must not contain spaces or control characters.';
  // The renderer fills headers and body only: a placeholder here would be sent as written.
  if (value.includes('{{')) {
    return 'Placeholders are not expanded in the URL: put {{secrets.NAME}} and other placeholders in a header or the body.';
  }
  let url: ParsedUrl;
  try {
    url = new WebUrl(value);
  } catch {
    return 'Expected an absolute http:// or https:// URL.';
  }
  if (!isWebhookProtocol(url)) return 'Expected an absolute http:// or https:// URL.';
  if (url.username || url.password) {
    return 'Must not hold credentials (user:password@): send them in a header, with {{secrets.NAME}}.';
  }
  return undefined;
}

/** Where a webhook is sent: an automation's `url` and a REST hook's `targetUrl` alike. */
export const WebhookUrlSchema = z
  .string()
  .max(MAX_WEBHOOK_URL_LENGTH)
  .superRefine((value, ctx) => {
    const problem = webhookUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description:
      'Absolute http(s) URL, without credentials or placeholders (`{{…}}` is expanded in headers and body only).',
    example: 'https://hooks.example.com/hearback',
  });

const WebhookHeadersSchema = z
  .record(z.string(), z.string())
  .superRefine((headers, ctx) => {
    const names = Object.keys(headers);
    if (names.length > MAX_WEBHOOK_HEADERS) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_WEBHOOK_HEADERS} headers.` });
    }
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      const problems: string[] = [];
      if (!isValidHeaderName(name)) problems.push("Not a valid header name (letters, digits and !#$%&'*+-.^_`|~).");
      else if (isReservedHeaderName(name)) {
        problems.push(
          `${lower} cannot be overridden: the signature, the body or the connection owns it (reserved: ${RESERVED_HEADERS_TEXT}).`,
        );
      } else if (seen.has(lower)) problems.push('Given twice (header names are case-insensitive).');
      seen.add(lower);
      if (value.length > MAX_HEADER_VALUE_LENGTH) problems.push(`At most ${MAX_HEADER_VALUE_LENGTH} characters.`);
      if (HEADER_VALUE_CONTROL_CHARACTER.test(value))
        problems.push('Must not contain control characters (CR, LF, NUL …).');
      problems.push(...templateTextProblems(value));
      for (const message of problems) ctx.addIssue({ code: 'custom', path: [name], message });
    }
  })
  .meta({
    description: `Extra headers (at most ${MAX_WEBHOOK_HEADERS}); values may hold placeholders such as \`Bearer {{secrets.API_TOKEN}}\`. These cannot be set: ${RESERVED_HEADERS_TEXT}.`,
    example: { authorization: 'Bearer {{secrets.API_TOKEN}}' },
  });

/** The renderer never expands a key: a placeholder there would be sent as written. */
function keyProblems(key: string): string[] {
  return key.includes('{{') ? ['Placeholders are not expanded in keys: keys are literal.'] : [];
}

const WebhookBodySchema = z
  .unknown()
  .superRefine((body, ctx) => {
    if (body === undefined || body === null) return;
    if (nestsDeeperThan(body, MAX_BODY_TEMPLATE_DEPTH)) {
      ctx.addIssue({ code: 'custom', message: `Nests deeper than ${MAX_BODY_TEMPLATE_DEPTH} levels.` });
      return;
    }
    if (utf8ByteLength(JSON.stringify(body)) > MAX_BODY_TEMPLATE_BYTES) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_BODY_TEMPLATE_BYTES} bytes as JSON.` });
      return;
    }
    for (const { path, text, isKey } of stringsOf(body)) {
      const problems = isKey ? keyProblems(text) : templateTextProblems(text);
      for (const message of problems) ctx.addIssue({ code: 'custom', path, message });
    }
  })
  .meta({
    description: `A JSON template of the request body: its strings (not its keys) may hold placeholders, which address ${TEMPLATE_ROOTS_TEXT}, each one every subscribed event carries (\`feedback\` for \`feedback.*\` events, \`response\` for \`page_response.created\`). A string that is exactly one placeholder takes the value with its own JSON type (\`"{{feedback.score}}"\` → 9, \`"{{feedback}}"\` → the whole feedback item); elsewhere values are inserted as text. Without it the body is \`{id, type, timestamp, data}\`.`,
    example: { text: 'New {{feedback.type}} feedback: {{feedback.comment}}', score: '{{feedback.score}}' },
  });

const webhookMembers = {
  url: WebhookUrlSchema,
  method: z
    .enum(WEBHOOK_METHODS)
    .optional()
    .meta({ description: `Defaults to ${DEFAULT_WEBHOOK_METHOD}.` }),
  headers: WebhookHeadersSchema.optional(),
  body: WebhookBodySchema.optional(),
};

export const WebhookInputSchema = writeInput(webhookMembers);

/** A PATCH's `webhook`: the members given replace those stored (`body: null` removes the template). */
export const WebhookUpdateInputSchema = writeInput({ ...webhookMembers, url: WebhookUrlSchema.optional() });
