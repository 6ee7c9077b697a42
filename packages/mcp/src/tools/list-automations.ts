import { counted } from '@hearback/spec';
import { z } from 'zod';
import type { AutomationRecord } from '../backend.js';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { NextCursor, PageInput } from './schemas.js';

const AutomationOutput = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string().describe('automation (made through the API) or rest_hook (an automation platform subscription).'),
  events: z.array(z.string()).describe('Event types it delivers, e.g. feedback.created.'),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why the server disabled it: endpoint_gone (the endpoint answered 410) or failing_for_5_days.'),
  failingSince: z
    .string()
    .nullable()
    .describe('Since when every delivery has failed; null while the endpoint answers.'),
  webhookHost: z
    .string()
    .describe('Host (and port) of the webhook URL; its path and query may hold a credential and are not shown.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

type AutomationOutputType = z.infer<typeof AutomationOutput>;

/** The host of a webhook URL: paths such as Slack's `/services/T…/B…/secret` are credentials. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function toAutomationOutput(automation: AutomationRecord): AutomationOutputType {
  const { id, name, kind, events, enabled, disabledReason, failingSince, createdAt, updatedAt } = automation;
  return {
    id,
    name,
    kind,
    events,
    enabled,
    disabledReason,
    failingSince,
    webhookHost: hostOf(automation.webhook.url),
    createdAt,
    updatedAt,
  };
}

function health(automation: AutomationOutputType): string {
  if (!automation.enabled) {
    return automation.disabledReason ? `disabled by the server (${automation.disabledReason})` : 'disabled';
  }
  return automation.failingSince ? `enabled, failing since ${automation.failingSince}` : 'enabled, healthy';
}

export const listAutomations = defineTool({
  name: 'list_automations',
  title: 'List automations',
  description:
    'List the automations that send feedback events to webhooks (name, events, webhook host) with their health: enabled or not, why the server disabled one (endpoint_gone, failing_for_5_days), and since when one has been failing. Use it to answer "are our webhooks healthy?". Organization-wide API keys only. Paginated: pass nextCursor as cursor for more.',
  operationId: 'listAutomations',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.listAutomations === 'function',
  inputSchema: z.strictObject({ ...PageInput }),
  outputSchema: z.object({ automations: z.array(AutomationOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    if (!backend.listAutomations) throw new TypeError('This backend cannot list automations.');
    const page = await backend.listAutomations({ limit: input.limit, cursor: input.cursor });
    return { automations: page.data.map(toAutomationOutput), nextCursor: page.nextCursor };
  },
  render({ automations, nextCursor }) {
    const more = moreText('automations', nextCursor);
    if (automations.length === 0) return `This organization has no automations. ${more}`.trim();
    const lines = automations.map(
      (automation) =>
        `- ${automation.id} · ${JSON.stringify(automation.name)} · ${automation.events.join(', ')} → ${automation.webhookHost || '(no host)'} · ${health(automation)}${automation.kind === 'automation' ? '' : ` · ${automation.kind}`}`,
    );
    const failing = automations.filter((automation) => !automation.enabled || automation.failingSince).length;
    const summary = failing === 0 ? 'all enabled and healthy' : `${failing} disabled or failing`;
    const header = `${counted(automations.length, 'automation')}${nextCursor ? ' on this page' : ''} (${summary}):`;
    return `${header}\n${lines.join('\n')}${nextCursor ? `\n${more}` : ''}`;
  },
});
