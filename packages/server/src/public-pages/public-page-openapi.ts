import { SLUG_PATTERN } from '@hearback/forms';
import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { openApiPath } from '../http/route-path.js';
import { CONNECTION_ERRORS, documentable, errorResponse, jsonContent } from '../routes/shared.schemas.js';
import { FIELD } from './form-fields.js';
import { PUBLIC_PAGE_PATH } from './public-page-path.js';
import { ScriptSubmissionSchema, ScriptSubmittedSchema } from './submit-page.js';

const PAGE = openApiPath(PUBLIC_PAGE_PATH);

const Slug = z.string().regex(SLUG_PATTERN);

const PageParams = z.object({
  orgSlug: Slug.openapi({ param: { name: 'orgSlug', in: 'path' }, example: 'acme' }),
  pageSlug: Slug.openapi({ param: { name: 'pageSlug', in: 'path' }, example: 'onboarding-survey' }),
});

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
/** A refusal answered as a problem to a JSON submission and as an HTML page to a form's. */
const problemOrHtml = (description: string) => ({
  description,
  content: { ...errorResponse('').content, ...html('').content },
});

const FormFieldsSchema = z.record(z.string(), z.string()).openapi('PublicPageFormFields', {
  description: `The page's own form, posted without its script: \`${FIELD.answer('<questionId>')}\` per answer (once per ticked box of a multiple choice), \`${FIELD.rank('<questionId>', 0).replace(/0$/, '<optionIndex>')}\` with the position of each option of a rank-order question, \`${FIELD.contactName}\`, \`${FIELD.contactEmail}\`, and \`${FIELD.captcha}\` (the solved challenge) when the page asks for one.`,
  example: { [FIELD.answer('q_1')]: '9', [FIELD.contactEmail]: 'ada@example.com' },
});

const SubmissionSchema = documentable(ScriptSubmissionSchema).openapi('PublicPageSubmission', {
  description:
    'A response as the page’s script sends it: `answers` by question id, each checked by its question’s rules; `captcha` is the base64 of the solved challenge (`{ challenge, solution }`) when the page asks for one.',
  example: { answers: { q_1: 9, q_2: 'Onboarding was quick.' }, contact: { email: 'ada@example.com' } },
});

const submit = createRoute({
  method: 'post',
  path: PAGE,
  tags: ['Public pages'],
  operationId: 'submitPublicPage',
  summary: 'Respond to a published page',
  description:
    'One response to a published feedback page, without an API key: what the page’s script sends (JSON, answered in JSON), or what its form posts without script (form fields, answered with HTML). A custom form or script may send either. Single-submission pages take one response per respondent; pages with a captcha need a solved challenge (`GET …/challenge`).',
  security: [],
  request: {
    params: PageParams,
    body: {
      required: true,
      content: {
        'application/json': { schema: SubmissionSchema },
        'application/x-www-form-urlencoded': { schema: FormFieldsSchema },
      },
    },
  },
  responses: {
    201: jsonContent(ScriptSubmittedSchema.openapi('PublicPageSubmitted'), 'Stored (a JSON submission).'),
    200: html('Stored: the thank-you page (a form submission).'),
    303: { description: 'Stored: to the page’s redirect URL (a form submission, when the page has one).' },
    400: problemOrHtml(
      'Refused answers (`validation_failed`, with `errors` naming `answers.<questionId>`), `malformed_json`, `captcha_required` or `captcha_failed`; a form submission gets the form again with each field’s error.',
    ),
    404: problemOrHtml('No published page at this address (`not_found`); a form submission gets an HTML page.'),
    409: problemOrHtml(
      'This respondent has answered already (`already_submitted`), or the page takes no responses: a JSON submission to a closed page (`page_not_accepting_responses`).',
    ),
    408: CONNECTION_ERRORS[408],
    410: html('The page is closed (a form submission).'),
    413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
    431: CONNECTION_ERRORS[431],
    500: errorResponse('Unexpected server error.'),
  },
});

const start = createRoute({
  method: 'post',
  path: `${PAGE}/start`,
  tags: ['Public pages'],
  operationId: 'startPublicPage',
  summary: 'Count a start',
  description:
    'A visitor’s first interaction with the page, for its analytics (`starts`), naming the visit its view opened (the page hands it to its script): counted once per visit, on the view’s day, so starts never exceed views. A start without such a visit counts nothing and is refused the same way whether or not a page is at the address, so it says nothing of which pages exist.',
  security: [],
  request: {
    params: PageParams,
    query: z.object({
      visit: z.string().openapi({
        param: { name: 'visit', in: 'query' },
        description:
          "The visit of the view that loaded the page, as the page gives it to its script (`visit` in its data). Valid on the day of the view (in the organization's time zone) and the next.",
        example: '2026-11-27.PUgit5Pt6NtWUBBF.yLo8Ge3Hj3H8xMiXvB6VctSezK6RniaDQiAL1Woz9mU',
      }),
    }),
  },
  responses: {
    204: { description: 'Counted when the page is published and the visit had not started yet.' },
    ...CONNECTION_ERRORS,
    400: errorResponse(
      'No visit, a visit this server did not issue for the page at this address (or there is no published page there), or one of a view before yesterday, UTC (`validation_failed` naming `visit`); or not valid HTTP/1.1 (`bad_request`).',
    ),
    404: errorResponse('The slugs name no page address at all (a dot segment, `..`, moves the path): `not_found`.'),
    413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
  },
});

const challenge = createRoute({
  method: 'get',
  path: `${PAGE}/challenge`,
  tags: ['Public pages'],
  operationId: 'getPublicPageChallenge',
  summary: 'Get a captcha challenge',
  description:
    'A proof-of-work challenge (ALTCHA) for one response to this page, signed, expiring and accepted once; the page’s worker solves it. Not cached.',
  security: [],
  request: { params: PageParams },
  responses: {
    200: jsonContent(
      z.record(z.string(), z.unknown()).openapi('PublicPageChallenge', {
        description: 'An ALTCHA challenge, as `altcha-lib` makes and checks it.',
      }),
      'A new challenge.',
    ),
    ...CONNECTION_ERRORS,
    404: errorResponse('No page at this address (`not_found`).'),
    409: errorResponse('The page takes no responses: a draft, or closed (`page_not_accepting_responses`).'),
    500: errorResponse('Unexpected server error.'),
  },
});

/**
 * The endpoints a published page's visitors' browsers call, as the document describes them; the
 * page itself, its assets and share artifacts are for people (see NOT_API_ROUTES). Documentation
 * only: `registerPublicPageRoutes` serves them.
 *
 * @example
 * for (const route of publicPageRoutes()) app.openAPIRegistry.registerPath(route);
 */
export function publicPageRoutes(): RouteConfig[] {
  return [submit, start, challenge];
}
