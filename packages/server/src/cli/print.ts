import type { BootstrappedOrganization } from '../services/organizations.js';

export function bootstrapJson(result: BootstrappedOrganization) {
  return {
    orgId: result.organization.id,
    orgName: result.organization.name,
    plan: result.organization.plan,
    inboxId: result.inbox.id,
    inboxKey: result.inbox.inboxKey,
    adminKey: result.adminKey,
    collectKey: result.collectKey,
    owner: result.owner ? { id: result.owner.id, name: result.owner.name, email: result.owner.email } : null,
  };
}

/** Who can reach the organization as a person: its owner, or the first to sign up. */
function ownerLines(result: BootstrappedOrganization, baseUrl: string): string[] {
  if (result.owner) {
    return [
      `Owner: ${result.owner.name} <${result.owner.email}>, who administers this instance: the organization is`,
      `in their dashboard (${baseUrl}/app) beside their others; they invite the team from there.`,
    ];
  }
  return [
    'The first person to sign up administers this instance and owns this organization:',
    `  curl -X POST ${baseUrl}/auth/sign-up/email -H 'Origin: ${new URL(baseUrl).origin}' -H 'Content-Type: application/json' \\`,
    `    -d '{"email":"you@example.com","password":"at least 10 characters","name":"You"}'`,
  ];
}

/** Human-readable credentials block, with a first request to copy to `baseUrl` (the server's address). */
export function bootstrapText(result: BootstrappedOrganization, baseUrl: string): string {
  const json = bootstrapJson(result);
  return [
    `Organization  ${json.orgName} (${json.orgId}, plan ${json.plan})`,
    `Inbox         ${json.inboxId}`,
    `  inboxKey    ${json.inboxKey}`,
    `Admin key     ${json.adminKey}`,
    `Collect key   ${json.collectKey}   (collect only: safe for widgets)`,
    '',
    'These keys are shown once. Try it:',
    `  curl -X POST ${baseUrl}/collect -H 'Content-Type: application/json' \\`,
    `    -H 'X-Service-Key: ${json.collectKey}' \\`,
    `    -d '{"inboxKey":"${json.inboxKey}","type":"thumbs","score":1,"comment":"Works!"}'`,
    `  curl ${baseUrl}/organizations/${json.orgId}/feedback -H 'X-Service-Key: ${json.adminKey}'`,
    '',
    'Browse the API and try it from the page (paste a key into X-Service-Key):',
    `  ${baseUrl}/docs`,
    '',
    'Add the widget to a page:',
    `  <script src="${baseUrl}/widget.js" data-inbox-key="${json.inboxKey}" data-key="${json.collectKey}" async></script>`,
    '',
    ...ownerLines(result, baseUrl),
  ].join('\n');
}
