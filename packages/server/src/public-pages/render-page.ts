import { isAnswerable, valueOfQuestion } from '@hearback/forms';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { escapeHtml } from '../lib/html.js';
import { controlId, FIELD } from './form-fields.js';
import { jsonForScript, paragraphs } from './html.js';
import { themeCss } from './page-styles.js';
import { type QuestionState, renderQuestion } from './render-question.js';

/** The URLs of the page's own files, content-hashed (see page-assets.ts). */
export interface PageAssetUrls {
  stylesheet: string;
  script: string | undefined;
  worker: string | undefined;
}

/** How a page is shown: in an iframe or not, with which CSP nonce and files. */
export interface RenderContext {
  embed: boolean;
  nonce: string;
  assets: PageAssetUrls;
  /** The visit a view of the page opened (a GET's form only): the script's start beacon names it. */
  visit?: string | undefined;
}

/** A page's form after a refused post: what was given and what is wrong. */
export interface FormState {
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  contact?: { name?: string | undefined; email?: string | undefined };
  contactErrors?: { name?: string | undefined; email?: string | undefined };
  /** An error about the whole form (the captcha). */
  formError?: string | undefined;
}

/** What the page's script reads: the questions (for the shared answer schemas) and its URLs. */
export interface PageScriptData {
  questions: FeedbackPage['questions'];
  requireContact: FeedbackPage['settings']['requireContact'];
  captcha: boolean;
  worker: string | undefined;
  base: string;
  embed: boolean;
  /** The counted view's visit; none on a form shown again after a post, which was no view. */
  visit: string | null;
}

/** The page's public path: `/f/<orgSlug>/<pageSlug>` (slugs are URL-safe by their pattern). */
export const publicPath = (orgSlug: string, pageSlug: string) => `/f/${orgSlug}/${pageSlug}`;

function documentShell(options: {
  title: string;
  scheme: string;
  context: RenderContext;
  theme: string;
  body: string;
  head?: string;
}): string {
  const { context } = options;
  const style = options.theme ? `<style nonce="${context.nonce}">${options.theme}</style>` : '';
  return `<!doctype html><html lang="en" dir="auto" data-scheme="${options.scheme}"${context.embed ? ' class="embed"' : ''}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="strict-origin-when-cross-origin"><link rel="icon" href="data:,"><title>${escapeHtml(options.title)}</title><link rel="stylesheet" href="${context.assets.stylesheet}">${style}${options.head ?? ''}</head><body${context.embed ? ' class="embed"' : ''}>${options.body}</body></html>`;
}

const schemeOf = (page: FeedbackPage | undefined) => page?.settings.theme.colorScheme ?? 'system';

function chrome(page: FeedbackPage | undefined, context: RenderContext, content: string): string {
  if (context.embed) return `<main>${content}</main>`;
  const logo =
    page?.settings.logoUrl != null ? `<img class="logo" src="${escapeHtml(page.settings.logoUrl)}" alt="">` : '';
  return `<main><div class="card">${logo}${content}</div></main><footer>Powered by Hearback</footer>`;
}

/** Contact inputs when the page asks for them. */
function contactFields(page: FeedbackPage, state: FormState): string {
  const requirement = page.settings.requireContact;
  if (requirement === 'none') return '';
  const field = (key: 'name' | 'email', label: string, type: string, autocomplete: string) => {
    const error = state.contactErrors?.[key];
    const value = state.contact?.[key];
    const errorHtml = `<p class="error" id="contact-${key}-error"${error ? '' : ' hidden'}>${error ? escapeHtml(error) : ''}</p>`;
    return `<div class="question" data-contact="${key}"><label class="title" for="contact-${key}">${label} <span class="required" aria-hidden="true">*</span><span class="visually-hidden">(required)</span></label>${errorHtml}<input type="${type}" id="contact-${key}" name="${key === 'name' ? FIELD.contactName : FIELD.contactEmail}" autocomplete="${autocomplete}" required${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ` aria-invalid="true" aria-describedby="contact-${key}-error"` : ''} dir="auto"></div>`;
  };
  return `<section class="contact" aria-labelledby="contact-heading"><h2 id="contact-heading">About you</h2>${
    requirement === 'name_email' ? field('name', 'Your name', 'text', 'name') : ''
  }${field('email', 'Your email address', 'email', 'email')}</section>`;
}

/** The list of what is wrong, linking to each field: announced and focused after a refused post. */
function errorSummary(page: FeedbackPage, state: FormState): string {
  const items: string[] = [];
  if (state.formError) items.push(`<li>${escapeHtml(state.formError)}</li>`);
  for (const question of page.questions) {
    const error = valueOfQuestion(state.errors, question.id);
    if (error)
      items.push(
        `<li><a href="#${controlId(question.id)}">${escapeHtml(question.title)}: ${escapeHtml(error)}</a></li>`,
      );
  }
  for (const key of ['name', 'email'] as const) {
    const error = state.contactErrors?.[key];
    if (error) items.push(`<li><a href="#contact-${key}">${escapeHtml(error)}</a></li>`);
  }
  return `<div class="error-summary" id="error-summary" role="alert" tabindex="-1" aria-labelledby="error-summary-title"${
    items.length > 0 ? '' : ' hidden'
  }><h2 id="error-summary-title">There is a problem</h2><ul>${items.join('')}</ul></div>`;
}

/**
 * The page's form, whole and working without its script: a native `<form method="post">`, one
 * control per question, the contact the page asks for, and a note for the captcha that needs
 * JavaScript. The script (when it loads) reads the questions from a JSON data block.
 */
export function renderFormPage(
  page: FeedbackPage,
  orgSlug: string,
  context: RenderContext,
  state: FormState = {},
): string {
  const base = publicPath(orgSlug, page.slug);
  const action = `${base}${context.embed ? '?embed=1' : ''}`;
  const questions = page.questions
    .map((question) => {
      const questionState: QuestionState = {
        value: valueOfQuestion(state.values, question.id),
        error: valueOfQuestion(state.errors, question.id),
      };
      return renderQuestion(question, questionState);
    })
    .join('');
  const required = page.questions.filter((question) => question.required && isAnswerable(question.type)).length;
  const progress =
    required > 0
      ? `<div class="progress" data-progress hidden><progress max="${required}" value="0" aria-labelledby="progress-text"></progress><span id="progress-text" aria-live="polite" dir="auto"></span></div>`
      : '';
  const captcha = page.settings.captcha
    ? `<p class="captcha" data-captcha aria-live="polite" dir="auto" hidden></p><noscript><p class="notice">This page checks that you are not a robot with a small computation in your browser, which needs JavaScript. Without it the form cannot be sent: please enable JavaScript.</p></noscript>`
    : '';
  const data: PageScriptData = {
    questions: page.questions,
    requireContact: page.settings.requireContact,
    captcha: page.settings.captcha,
    worker: context.assets.worker,
    base,
    embed: context.embed,
    visit: context.visit ?? null,
  };
  const script = context.assets.script
    ? `<script type="application/json" id="hearback-page">${jsonForScript(data)}</script><script src="${context.assets.script}" defer></script>`
    : '';
  const description = page.description ? `<div class="page-description">${paragraphs(page.description)}</div>` : '';
  const content = `<h1 dir="auto">${escapeHtml(page.title)}</h1>${description}${errorSummary(page, state)}${progress}<form method="post" action="${action}">${questions}${contactFields(page, state)}${captcha}<button type="submit" id="send">Send</button></form>`;
  return documentShell({
    title: page.title,
    scheme: schemeOf(page),
    context,
    theme: themeCss(page.settings.theme),
    body: chrome(page, context, content),
    head: script,
  });
}

/**
 * A page with a message only: the thank-you message, or why the form is not there (closed,
 * unknown, answered already). Page text is escaped; `role="status"` announces it.
 */
export function renderMessagePage(
  page: FeedbackPage | undefined,
  context: RenderContext,
  message: { title: string; text: string },
): string {
  const content = `<div role="status"><h1 dir="auto">${escapeHtml(message.title)}</h1>${paragraphs(message.text)}</div>`;
  return documentShell({
    title: message.title,
    scheme: schemeOf(page),
    context,
    theme: themeCss(page?.settings.theme),
    body: chrome(page, context, content),
    // In an iframe the height still goes to the parent, so the message is not cut off.
    head: context.embed && context.assets.script ? `<script src="${context.assets.script}" defer></script>` : '',
  });
}
