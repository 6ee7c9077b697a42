import { expect, it } from 'vitest';
import { expectProblem } from './support/api-assertions.js';
import { describeEachDatabase, type TestBed } from './support/harness.js';
import { MCP_URL } from './support/mcp-client.js';

/**
 * `/mcp` (the MCP SDK's transport) and `/auth/*` (better-auth) read their bodies themselves, with
 * decoders that put U+FFFD in place of bytes that are not UTF-8 and ignore a declared charset: a
 * Latin-1 `é` became `\uFFFD` in a stored comment or account name. They are now held to the rules
 * of every other JSON body (json-body-encoding.test.ts), and better-auth's forms to the pages'.
 */
describeEachDatabase('bodies read by the MCP SDK and better-auth, in UTF-8 only', (bed) => {
  const LATIN1_E = 0xe9;
  /** `before`, then raw bytes, then `after`, as one body sent as it is. */
  const bytes = (before: string, raw: number[], after: string) =>
    Buffer.concat([Buffer.from(before), Buffer.from(raw), Buffer.from(after)]);

  const comments = async (bedNow: TestBed) =>
    (await bedNow.runtime.database.db.selectFrom('feedback').select('comment').execute()).map((row) => row.comment);
  const userNames = async (bedNow: TestBed) =>
    (await bedNow.runtime.database.db.selectFrom('users').select('name').execute()).map((row) => row.name);

  /** `tools/call submit_feedback` whose comment is `café`, spelled by `raw` after `caf`. */
  const submitOverMcp = (raw: number[], contentType = 'application/json') =>
    bed().runtime.app.request(MCP_URL, {
      method: 'POST',
      headers: {
        'x-service-key': bed().orgA.adminKey,
        'content-type': contentType,
        accept: 'application/json, text/event-stream',
      },
      body: bytes(
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"submit_feedback","arguments":{"inbox":"${bed().orgA.inbox.inboxKey}","type":"text","comment":"caf`,
        raw,
        '"}}}',
      ),
    });

  it('/mcp refuses bytes that are not UTF-8 (400) and another charset (415), and stores nothing', async () => {
    const problem = await expectProblem(await submitOverMcp([LATIN1_E]), 400, 'malformed_json');
    expect(problem.detail).toMatch(/^The request body is not valid UTF-8/);
    await expectProblem(
      await submitOverMcp([LATIN1_E], 'application/json; charset=ISO-8859-1'),
      415,
      'unsupported_media_type',
    );
    expect(await comments(bed())).toEqual([]);

    const accepted = await submitOverMcp([...Buffer.from('é')], 'application/json; charset=utf-8');
    expect(accepted.status).toBe(200);
    expect(await comments(bed())).toEqual(['café']);
  });

  const signUp = (body: Uint8Array | string, contentType: string) =>
    bed().runtime.app.request('/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': contentType },
      body,
    });
  const PASSWORD = 'a long enough password';

  it('/auth/* refuses a JSON body that is not UTF-8 (400) or in another charset (415), and creates no account', async () => {
    const json = (email: string) => bytes(`{"email":"${email}","password":"${PASSWORD}","name":"Ren`, [LATIN1_E], '"}');
    await expectProblem(await signUp(json('rene@example.com'), 'application/json'), 400, 'malformed_json');
    await expectProblem(
      await signUp(json('rene@example.com'), 'application/json; charset=latin1'),
      415,
      'unsupported_media_type',
    );
    expect(await userNames(bed())).toEqual([]);
  });

  it('/auth/* refuses a form that is not UTF-8 (400), in another charset or multipart (415); a UTF-8 form signs up', async () => {
    const form = (email: string, name: string) =>
      `email=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}&name=${name}`;
    const urlencoded = 'application/x-www-form-urlencoded';
    const garbled = await expectProblem(
      await signUp(form('rene@example.com', 'Ren%E9'), urlencoded),
      400,
      'bad_request',
    );
    expect(garbled.detail).toMatch(/^The form body is not valid UTF-8/);
    await expectProblem(
      await signUp(form('rene@example.com', 'Ren%E9'), `${urlencoded}; charset=windows-1252`),
      415,
      'unsupported_media_type',
    );
    const multipart = new FormData();
    multipart.set('email', 'rene@example.com');
    multipart.set('password', PASSWORD);
    multipart.set('name', 'René');
    const multipartResponse = await bed().runtime.app.request('/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost' },
      body: multipart,
    });
    await expectProblem(multipartResponse, 415, 'unsupported_media_type');
    expect(await userNames(bed())).toEqual([]);

    expect((await signUp(form('rene@example.com', 'Ren%C3%A9'), urlencoded)).status).toBe(200);
    expect(await userNames(bed())).toEqual(['René']);
  });
});
