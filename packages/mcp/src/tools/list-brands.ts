import { counted } from '@hearback/spec';
import { z } from 'zod';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { BrandOutput, NextCursor, PageInput, toBrandOutput } from './schemas.js';

export const listBrands = defineTool({
  name: 'list_brands',
  title: 'List brands',
  description:
    "List the organization's brands (id, name). Inboxes and feedback may belong to a brand; a brand-scoped API key sees only its own brand. Paginated: pass nextCursor as cursor for more.",
  operationId: 'listBrands',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: z.strictObject({ ...PageInput }),
  outputSchema: z.object({ brands: z.array(BrandOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    const page = await backend.listBrands({ limit: input.limit, cursor: input.cursor });
    return { brands: page.data.map(toBrandOutput), nextCursor: page.nextCursor };
  },
  render({ brands, nextCursor }) {
    if (brands.length === 0) return `No brands are visible to this API key. ${moreText('brands', nextCursor)}`.trim();
    const lines = brands.map((brand) => `- ${brand.id} · ${JSON.stringify(brand.name)}`);
    const more = nextCursor ? `\n${moreText('brands', nextCursor)}` : '';
    return `${counted(brands.length, 'brand')}${nextCursor ? ' on this page' : ''}:\n${lines.join('\n')}${more}`;
  },
});
