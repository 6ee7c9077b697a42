import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { createBrand, createKey, expectHiddenFromOrgB, expectJson, expectProblem } from '../../../test/support/api.js';
import { describeEachDatabase, type TestBed } from '../../../test/support/harness.js';
import { decodeQrPng, decodeQrSvg, HOSTILE_TEXT } from '../../../test/support/share-artifacts.js';
import { FLYER_CONTENT_SECURITY_POLICY } from '../../pages/share/flyer.js';

async function createPage(bed: TestBed, json: Record<string, unknown>, key = bed.orgA.adminKey) {
  const response = await bed.request(`/organizations/${bed.orgA.organization.id}/feedback-pages`, {
    method: 'POST',
    key,
    json,
  });
  return expectJson<{ id: string; slug: string; brandId: string | null }>(response, 201);
}

describeEachDatabase('Sharing a feedback page', (bed) => {
  const org = () => bed().orgA.organization;
  const sharePath = (pageId: string) => `/v1/organizations/${org().id}/feedback-pages/${pageId}/share`;

  it('answers the link, the artifact URLs and both snippets, on the address the request came to', async () => {
    const page = await createPage(bed(), {
      title: 'How was your onboarding?',
      slug: 'onboarding',
      questions: [{ type: 'nps', title: 'Recommend us?' }],
      settings: { theme: { colors: { primary: '#0f766e' } } },
    });
    const links = await expectJson(await bed().request(sharePath(page.id), { key: bed().orgA.adminKey }), 200);
    const url = `http://localhost/f/${org().slug}/onboarding`;
    expect(links).toEqual({
      url,
      qrSvgUrl: `${url}/qr.svg`,
      qrPngUrl: `${url}/qr.png`,
      emailSignatureHtml: expect.stringContaining(`<a href="${url}"`),
      iframeSnippet: expect.stringContaining(`<iframe src="${url}?embed=1" title="How was your onboarding?"`),
      flyerUrl: `${url}/flyer`,
    });
    expect(links.emailSignatureHtml).toContain('bgcolor="#0f766e"');

    // The artifact URLs it gives are public once the page is: no key, a draft's answer 404.
    const publicPath = (artifact: string) => new URL(links[artifact] as string).pathname;
    await expectProblem(await bed().request(publicPath('qrSvgUrl')), 404, 'not_found');
    const published = await bed().request(`/organizations/${org().id}/feedback-pages/${page.id}/publish`, {
      method: 'POST',
      key: bed().orgA.adminKey,
    });
    expect(published.status).toBe(200);
    const svg = await bed().request(publicPath('qrSvgUrl'));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(decodeQrSvg(await svg.text())).toBe(url);
    const png = await bed().request(`${publicPath('qrPngUrl')}?size=128`);
    expect(PNG.sync.read(Buffer.from(await png.arrayBuffer()))).toMatchObject({ width: 128, height: 128 });
    const flyer = await bed().request(`${publicPath('flyerUrl')}?paper=letter`);
    expect(flyer.headers.get('content-security-policy')).toBe(FLYER_CONTENT_SECURITY_POLICY);
    expect(await flyer.text()).toContain('How was your onboarding?');
    await expectProblem(await bed().request(`${publicPath('qrPngUrl')}?size=0x10`), 400, 'validation_failed');
    await expectProblem(await bed().request(`${publicPath('qrPngUrl')}?size=10`), 400, 'validation_failed');
    await expectProblem(await bed().request(`${publicPath('flyerUrl')}?paper=a3`), 400, 'validation_failed');
  });

  it('serves the QR code as a PNG of the size asked for, 512 px by default', async () => {
    const page = await createPage(bed(), { title: 'PNG', slug: 'png' });
    const url = `http://localhost/f/${org().slug}/png`;
    for (const [query, size] of [
      ['', 512],
      ['?size=200', 200],
    ] as const) {
      const response = await bed().request(`${sharePath(page.id)}/qr.png${query}`, { key: bed().orgA.adminKey });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      expect(PNG.sync.read(png)).toMatchObject({ width: size, height: size });
      expect(decodeQrPng(png)).toBe(url);
    }
  });

  it.each(['63', '2049', '1.5', 'big', '0x100'])('refuses ?size=%s with a 400 naming the size', async (size) => {
    const page = await createPage(bed(), { title: `Size ${size}` });
    const response = await bed().request(`${sharePath(page.id)}/qr.png?size=${size}`, { key: bed().orgA.adminKey });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path)).toEqual(['size']);
  });

  it('serves a flyer under a policy that runs and loads nothing, with a hostile title escaped', async () => {
    const page = await createPage(bed(), { title: HOSTILE_TEXT, description: HOSTILE_TEXT });
    const response = await bed().request(`${sharePath(page.id)}/flyer?paper=letter`, { key: bed().orgA.adminKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(FLYER_CONTENT_SECURITY_POLICY);
    const html = await response.text();
    expect(html).toContain('@page{size:letter;margin:15mm;}');
    expect(html).toContain('<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&quot;&#39;&amp;</h1>');
    expect(html).not.toContain('<script');
    expect(decodeQrSvg(html.match(/<svg[\s\S]*<\/svg>/)?.[0] ?? '')).toBe(
      `http://localhost/f/${org().slug}/${page.slug}`,
    );
  });

  it('refuses a paper size it does not know with a 400 naming it', async () => {
    const page = await createPage(bed(), { title: 'Legal' });
    const response = await bed().request(`${sharePath(page.id)}/flyer?paper=legal`, { key: bed().orgA.adminKey });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path)).toEqual(['paper']);
  });

  it('is for keys that may read pages: read or forms, not collect; another organization sees nothing', async () => {
    const page = await createPage(bed(), { title: 'Access' });
    const paths = ['', '/qr.svg', '/qr.png', '/flyer'].map((artifact) => sharePath(page.id) + artifact);
    const read = (await createKey(bed(), bed().orgA, { scopes: ['read'] })).secret;
    const forms = (await createKey(bed(), bed().orgA, { scopes: ['forms'] })).secret;
    for (const path of paths) {
      for (const key of [read, forms]) expect((await bed().request(path, { key })).status).toBe(200);
      await expectProblem(await bed().request(path, { key: bed().orgA.collectKey }), 403, 'insufficient_scope');
      await expectHiddenFromOrgB(bed(), { method: 'GET', path });
    }
  });

  it("hides another brand's page from a brand-scoped key", async () => {
    const [mine, theirs] = [
      await createBrand(bed(), bed().orgA, 'Mine'),
      await createBrand(bed(), bed().orgA, 'Theirs'),
    ];
    const theirKey = (await createKey(bed(), bed().orgA, { scopes: ['forms'], brandId: theirs.id })).secret;
    const mineKey = (await createKey(bed(), bed().orgA, { scopes: ['read'], brandId: mine.id })).secret;
    const page = await createPage(bed(), { title: 'Theirs' }, theirKey);
    expect(page.brandId).toBe(theirs.id);
    await expectProblem(await bed().request(sharePath(page.id), { key: mineKey }), 404, 'not_found');
    expect((await bed().request(sharePath(page.id), { key: theirKey })).status).toBe(200);
  });

  it('answers 404 for a page that does not exist', async () => {
    await expectProblem(
      await bed().request(`${sharePath('page_01jd3x2k9v6c4h8m2n5p7q1r3s')}/flyer`, { key: bed().orgA.adminKey }),
      404,
      'not_found',
    );
  });
});

describeEachDatabase(
  'Sharing a feedback page behind HEARBACK_PUBLIC_URL',
  (bed) => {
    it('builds every link on the public URL, path prefix included', async () => {
      const page = await createPage(bed(), { title: 'Proxied', slug: 'proxied' });
      const org = bed().orgA.organization;
      const links = await expectJson(
        await bed().request(`/organizations/${org.id}/feedback-pages/${page.id}/share`, { key: bed().orgA.adminKey }),
        200,
      );
      const base = 'https://feedback.example/hearback';
      expect(links).toMatchObject({
        url: `${base}/f/${org.slug}/proxied`,
        flyerUrl: `${base}/f/${org.slug}/proxied/flyer`,
      });
      const png = await bed().request(`/organizations/${org.id}/feedback-pages/${page.id}/share/qr.png`, {
        key: bed().orgA.adminKey,
      });
      expect(decodeQrPng(Buffer.from(await png.arrayBuffer()))).toBe(`${base}/f/${org.slug}/proxied`);
    });
  },
  { publicUrl: 'https://feedback.example/hearback' },
);
