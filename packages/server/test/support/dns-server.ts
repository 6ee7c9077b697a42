import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server on 127.0.0.1 (UDP, dns2) answering TXT queries from a table the test fills:
 * what SSO domain verification resolves through `HEARBACK_DNS_SERVERS`.
 */
export class TxtDnsServer {
  private readonly records = new Map<string, string[]>();
  private readonly server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      for (const question of request.questions) {
        for (const data of this.records.get(question.name.toLowerCase()) ?? []) {
          response.answers.push(
            Object.assign(new Packet.Resource(), {
              name: question.name,
              type: Packet.TYPE.TXT,
              class: Packet.CLASS.IN,
              ttl: 1,
              data,
            }),
          );
        }
      }
      send(response);
    },
  });

  /** Starts listening; the `host:port` to give the resolver. */
  async start(): Promise<string> {
    const addresses = await this.server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    if (!addresses.udp) throw new Error('The DNS server did not listen on UDP');
    return `127.0.0.1:${addresses.udp.port}`;
  }

  /** Publishes a TXT record (added to those of the name). */
  publish(name: string, value: string): void {
    this.records.set(name.toLowerCase(), [...(this.records.get(name.toLowerCase()) ?? []), value]);
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
