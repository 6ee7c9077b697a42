/** Every address a webhook's host stands for was refused by the address policy (address-policy.ts). */
export class AddressRefusedError extends Error {
  readonly code = 'address_refused';
  override name = 'AddressRefusedError';

  constructor(
    readonly host: string,
    readonly refused: ReadonlyArray<{ address: string; reason: string }>,
  ) {
    const list = refused.map(({ address, reason }) => `${address} (${reason})`).join(', ');
    super(
      `Refused to connect to ${host}: ${list} is not a public address. ` +
        'HEARBACK_WEBHOOK_ALLOWED_CIDRS can allow it.',
    );
  }
}
