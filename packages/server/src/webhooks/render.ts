import {
  DEFAULT_WEBHOOK_METHOD,
  EVENT_ROOT,
  isEventType,
  isReservedHeaderName,
  isValidHeaderName,
  placeholderProblem,
  placeholderText,
  resourceRootOf,
  SECRETS_ROOT,
  WEBHOOK_METHODS,
} from '@hearback/inputs';
import { REST_HOOK_KIND } from '../domain/automation.js';
import type { AutomationsTable } from '../storage/schema.js';
import { SERVER_VERSION } from '../version.js';
import type { OutboundRequest, WebhookEventEnvelope } from './contracts.js';
import { safeHeaderValue } from './headers.js';
import { restHookPayload } from './rest-hook-payload.js';
import { type PlaceholderResolver, renderText, renderValue, valueAtPath } from './template.js';

/** Sent as `user-agent` unless the automation sets its own. */
export const WEBHOOK_USER_AGENT = `Hearback-Webhooks/${SERVER_VERSION}`;

/** What a preview shows instead of a secret's value: nothing of the value, not even its length. */
export const MASKED_SECRET = '••••••••';

/**
 * Why a render did not do as the template asked. `invalid_placeholder`: one the create-time
 * validation refuses (@hearback/inputs: template-roots.ts), which renders as nothing; `missing_value`: a valid
 * one this event has nothing at.
 */
export const RENDER_WARNING_CODES = [
  'invalid_placeholder',
  'missing_secret',
  'missing_value',
  'header_skipped',
  'method_unknown',
] as const;

/** Something the render did not do as the template asked; the request is still usable. */
export interface RenderWarning {
  code: (typeof RENDER_WARNING_CODES)[number];
  message: string;
}

export interface RenderedRequest {
  /** Unsigned: sign.ts adds the `webhook-*` headers. */
  request: OutboundRequest;
  warnings: RenderWarning[];
  /** The `{{secrets.NAME}}` the template named that `secrets` lacked (rendered empty), each once. */
  missingSecrets: string[];
}

export interface RenderOptions {
  /** Show {@link MASKED_SECRET} instead of each secret's value (`POST …/automations/preview`). */
  preview?: boolean | undefined;
}

/** The parts of an automation that shape its request; without `kind`, an automation made through the API. */
export type AutomationRequestTemplate = Pick<AutomationsTable, 'url' | 'method' | 'headers' | 'body_template'> &
  Partial<Pick<AutomationsTable, 'kind'>>;

/** A REST hook's body is the resource itself (rest-hook-payload.ts), not the envelope. */

/**
 * Renders an automation's request for one event, unsigned. Without a body template the body is
 * the envelope `{id, type, timestamp, data}`, or for a REST hook (`kind: 'rest_hook'`) the resource
 * itself, as automation platforms expect. Custom headers render as text; the ones the
 * transport or the signature own (`webhook-*`, `content-type`, `content-length`, `host` …) are
 * skipped with a warning. A `{{secrets.NAME}}` that does not exist renders empty, with a warning.
 *
 * @example
 * const { request, warnings } = renderRequest(automation, envelope, new Map([['TOKEN', 't0k3n']]));
 */
export function renderRequest(
  automation: AutomationRequestTemplate,
  envelope: WebhookEventEnvelope,
  secrets: ReadonlyMap<string, string>,
  options: RenderOptions = {},
): RenderedRequest {
  const warnings: RenderWarning[] = [];
  const warn = (warning: RenderWarning) => {
    if (!warnings.some((seen) => seen.message === warning.message)) warnings.push(warning);
  };
  const missingSecrets = new Set<string>();
  const resolve = resolver(envelope, secrets, options, warn, missingSecrets);

  const headers: Record<string, string> = { 'user-agent': WEBHOOK_USER_AGENT };
  for (const [rawName, template] of Object.entries(parseJson<Record<string, string>>(automation.headers, {}))) {
    const name = rawName.toLowerCase();
    if (!isValidHeaderName(name) || isReservedHeaderName(name)) {
      warn({ code: 'header_skipped', message: `The header '${rawName}' cannot be set by an automation.` });
      continue;
    }
    headers[name] = safeHeaderValue(renderText(String(template), resolve));
  }
  headers['content-type'] = 'application/json';

  const bodyTemplate = automation.body_template === null ? undefined : parseJson<unknown>(automation.body_template);
  let body: unknown;
  if (bodyTemplate !== undefined) body = renderValue(bodyTemplate, resolve);
  else if (automation.kind === REST_HOOK_KIND) body = restHookPayload(envelope);
  else body = { id: envelope.id, type: envelope.type, timestamp: envelope.timestamp, data: envelope.data };

  return {
    request: { url: automation.url, method: methodOf(automation.method, warn), headers, body: JSON.stringify(body) },
    warnings,
    missingSecrets: [...missingSecrets],
  };
}

function resolver(
  envelope: WebhookEventEnvelope,
  secrets: ReadonlyMap<string, string>,
  options: RenderOptions,
  warn: (warning: RenderWarning) => void,
  missingSecrets: Set<string>,
): PlaceholderResolver {
  const resource = isEventType(envelope.type) ? resourceRootOf(envelope.type) : undefined;
  return (placeholder) => {
    const problem = placeholderProblem(placeholder);
    if (problem) {
      warn({ code: 'invalid_placeholder', message: `${problem} It rendered as nothing.` });
      return undefined;
    }
    const { root, path } = placeholder;
    if (root === SECRETS_ROOT) {
      const name = path[0] as string;
      const value = secrets.get(name);
      if (value === undefined) {
        missingSecrets.add(name);
        warn({ code: 'missing_secret', message: `No secret named '${name}': it rendered empty.` });
        return '';
      }
      return options.preview ? MASKED_SECRET : value;
    }
    let value: unknown;
    if (root === EVENT_ROOT) value = valueAtPath(envelope, path);
    else if (root === resource) value = valueAtPath(envelope.data, path);
    if (value === undefined) {
      warn({
        code: 'missing_value',
        message: `'${placeholderText(placeholder)}' has no value in this ${envelope.type} event.`,
      });
    }
    return value;
  };
}

function methodOf(method: string, warn: (warning: RenderWarning) => void): OutboundRequest['method'] {
  const upper = method.toUpperCase();
  const known = WEBHOOK_METHODS.find((candidate) => candidate === upper);
  if (known) return known;
  warn({
    code: 'method_unknown',
    message: `The method '${method}' is not one of ${WEBHOOK_METHODS.join(', ')}: sent as ${DEFAULT_WEBHOOK_METHOD}.`,
  });
  return DEFAULT_WEBHOOK_METHOD;
}

/** Stored JSON was validated when it was saved; text that no longer parses is a bug worth a clear message. */
function parseJson<T>(text: string, fallback?: T): T {
  if (text === '' && fallback !== undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new TypeError(`A stored webhook template is not JSON: ${text.slice(0, 80)}`);
  }
}
