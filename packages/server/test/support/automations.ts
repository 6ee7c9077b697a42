/** A valid `POST …/automations` body; `overrides` replace members (undefined removes one). */
export function automationInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Detractors to Slack',
    events: ['feedback.created'],
    webhook: { url: 'https://hooks.example.com/hearback' },
    ...overrides,
  };
}
