import { recordByQuestionId } from '@hearback/forms';
import type { Context } from 'hono';
import { z } from 'zod';
import { AnswersByQuestionIdSchema } from '../domain/answers-by-question-id.js';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { parseInput } from '../domain/parse-input.js';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { malformedJson } from '../http/body-errors.js';
import { utf8FormFields } from '../http/form-body.js';
import { charsetOtherThanUtf8, decodeJsonBody, requireUtf8Charset } from '../http/json-body-encoding.js';
import type { PublicSubmission, Visitor } from '../services/public-pages.js';
import { type FormEntries, formAnswers } from './form-answers.js';
import { pageHeaders } from './page-headers.js';
import { ALREADY_ANSWERED_MESSAGE, closedMessage, UNREADABLE_FORM_MESSAGE } from './page-messages.js';
import { rememberAnswered } from './page-visitor.js';
import { type FormState, type RenderContext, renderFormPage, renderMessagePage } from './render-page.js';

/** The JSON the page's script posts (answers by question id; each question's own rules apply after). */
export const ScriptSubmissionSchema = z.strictObject({
  answers: AnswersByQuestionIdSchema,
  contact: z.object({ name: z.string().optional(), email: z.string().optional() }).optional(),
  captcha: z.string().max(10_000).optional(),
});

/** What a JSON submission is answered with (201). */
export const ScriptSubmittedSchema = z.object({
  id: z.string(),
  thankYouMessage: z.string(),
  redirectUrl: z.string().nullable(),
});

/**
 * Whether a post is JSON, as the page's script (or any program) sends: answered with JSON and
 * problems, never with HTML pages.
 */
export function isScriptSubmission(c: Context<AppEnv>): boolean {
  return (c.req.header('content-type') ?? '').includes('application/json');
}

async function scriptSubmission(c: Context<AppEnv>): Promise<PublicSubmission> {
  // As every JSON body of the API (utf8JsonBody): UTF-8 only, bytes that are not refused, not replaced.
  requireUtf8Charset(c.req.header('content-type') ?? '');
  const text = decodeJsonBody(await c.req.arrayBuffer());
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw malformedJson();
  }
  // As every JSON body: a member the schema does not know is refused by name, not dropped.
  return parseInput(ScriptSubmissionSchema, body, 'json');
}

/**
 * The fields of a form posted without script, or undefined when they cannot be read as the
 * respondent typed them: a charset other than UTF-8, or bytes that are not UTF-8 (browsers send
 * the page's UTF-8; anything else was garbled on the way and would be stored as U+FFFD).
 */
async function formFieldsOf(c: Context<AppEnv>): Promise<FormEntries | undefined> {
  if (charsetOtherThanUtf8(c.req.header('content-type') ?? '') !== undefined) return undefined;
  return utf8FormFields(new Uint8Array(await c.req.arrayBuffer()));
}

/** A refused post's errors by field, with each message as the field shows it (without the question's title). */
function formStateOf(page: FeedbackPage, submission: PublicSubmission, error: ApiError): FormState {
  const errors = recordByQuestionId<string>();
  const contactErrors: FormState['contactErrors'] = {};
  for (const fieldError of error.errors ?? []) {
    const [where, key] = fieldError.path.split('.');
    if (where === 'answers' && key) {
      const prefix = `“${page.questions.find((question) => question.id === key)?.title}”: `;
      const message = fieldError.message;
      errors[key] = message.startsWith(prefix) ? message.slice(prefix.length) : message;
    } else if (where === 'contact' && (key === 'name' || key === 'email')) {
      contactErrors[key] = fieldError.message;
    }
  }
  const captchaError = error.code === 'captcha_required' || error.code === 'captcha_failed';
  return {
    values: submission.answers,
    contact: submission.contact ?? {},
    errors,
    contactErrors,
    formError: captchaError ? error.message : undefined,
  };
}

/**
 * `POST /f/:orgSlug/:pageSlug`: a response from the page's form. The script posts JSON and gets
 * JSON back (201, or a problem whose `errors` name `answers.<questionId>`); a form posted without
 * script gets HTML: the thank-you page (or a 303 to the page's redirect), or the form again with
 * an error summary and each field's error (400).
 */
export async function submitPage(
  c: Context<AppEnv>,
  page: FeedbackPage,
  orgSlug: string,
  context: RenderContext,
  visitor: Visitor,
): Promise<Response> {
  const services = c.get('services');
  if (isScriptSubmission(c)) {
    const response = await services.publicPages.submit(page, await scriptSubmission(c), visitor);
    rememberAnswered(c, page, orgSlug);
    const submitted: z.input<typeof ScriptSubmittedSchema> = {
      id: response.id,
      thankYouMessage: page.settings.thankYouMessage,
      redirectUrl: page.settings.redirectUrl,
    };
    return c.json(submitted, 201);
  }
  const headers = pageHeaders({ nonce: context.nonce, embed: context.embed, redirectUrl: page.settings.redirectUrl });
  const fields = await formFieldsOf(c);
  if (fields === undefined) return c.body(renderMessagePage(page, context, UNREADABLE_FORM_MESSAGE), 400, headers);
  const form = formAnswers(page.questions, fields);
  const submission: PublicSubmission = { answers: form.answers, contact: form.contact, captcha: form.captcha };
  try {
    await services.publicPages.submit(page, submission, visitor);
  } catch (error) {
    if (!ApiError.isInstance(error)) throw error;
    if (error.code === 'page_not_accepting_responses') {
      return c.body(renderMessagePage(page, context, closedMessage(page)), 410, headers);
    }
    if (error.code === 'already_submitted') {
      return c.body(renderMessagePage(page, context, ALREADY_ANSWERED_MESSAGE), 409, headers);
    }
    if (error.status !== 400) throw error;
    return c.body(renderFormPage(page, orgSlug, context, formStateOf(page, submission, error)), 400, headers);
  }
  rememberAnswered(c, page, orgSlug);
  if (page.settings.redirectUrl) return c.redirect(page.settings.redirectUrl, 303);
  return c.body(
    renderMessagePage(page, context, { title: 'Thank you', text: page.settings.thankYouMessage }),
    200,
    headers,
  );
}
