// The public feedback page's script: progressive enhancement of a form that works without it.
// It checks answers with the same schemas as the server (@hearback/forms), shows errors next to
// their fields, counts answered required questions, solves the captcha, submits as JSON, sends the
// first-interaction beacon, and in an iframe tells the parent its height.
import {
  type AnswerIssue,
  checkAnswers,
  checkContact,
  isAnswerable,
  isUnanswered,
  type Question,
  valueOfQuestion,
} from '@hearback/forms';
import { formAnswers } from '../src/public-pages/form-answers.js';
import { controlId, errorId } from '../src/public-pages/form-fields.js';
import type { PageScriptData } from '../src/public-pages/render-page.js';
import { solveCaptcha } from './captcha.js';
import { reportHeight } from './embed-height.js';
import { setFieldError, showSummary } from './field-errors.js';

type FieldIssue = { field: string; label: string; message: string };

const byId = (id: string) => document.getElementById(id);

function enhance(form: HTMLFormElement, data: PageScriptData): void {
  const summary = byId('error-summary') as HTMLElement;
  const progress = document.querySelector<HTMLElement>('[data-progress]');
  const captchaStatus = document.querySelector<HTMLElement>('[data-captcha]');
  const button = form.querySelector('button[type=submit]') as HTMLButtonElement;
  const questions: Question[] = data.questions;
  const required = questions.filter((question) => question.required && isAnswerable(question.type));
  let captcha: Promise<string> | undefined;
  let started = false;

  form.noValidate = true;
  // The captcha's status takes its line before the first press: shown on that press's mousedown
  // (focus starts the check), it would push Send down under the pointer, and the click (which
  // needs the mouseup on the same element) would never reach it.
  if (captchaStatus) captchaStatus.hidden = false;
  const read = () =>
    formAnswers(
      questions,
      [...new FormData(form).entries()].map(([name, value]) => [name, String(value)] as const),
    );

  function updateProgress(): void {
    if (!progress) return;
    const answers = read().answers;
    const done = required.filter((question) => !isUnanswered(valueOfQuestion(answers, question.id))).length;
    progress.hidden = false;
    (progress.querySelector('progress') as HTMLProgressElement).value = done;
    (progress.querySelector('span') as HTMLElement).textContent =
      `${done} of ${required.length} required questions answered`;
  }

  function solve(): Promise<string> {
    if (captchaStatus) captchaStatus.textContent = 'Checking that you are not a robot…';
    captcha = solveCaptcha(`${data.base}/challenge`, data.worker ?? '').then(
      (payload) => {
        if (captchaStatus) captchaStatus.textContent = 'Verified: you can send the form.';
        return payload;
      },
      (error) => {
        captcha = undefined;
        if (captchaStatus) captchaStatus.textContent = 'The check failed: send the form to try again.';
        throw error;
      },
    );
    return captcha;
  }

  function start(): void {
    if (started) return;
    started = true;
    // A start belongs to the view that loaded the page: counted once per view, never more.
    if (data.visit) {
      fetch(`${data.base}/start?visit=${encodeURIComponent(data.visit)}`, { method: 'POST', keepalive: true }).catch(
        () => undefined,
      );
    }
    if (data.captcha) solve().catch(() => undefined);
  }
  form.addEventListener('focusin', start);
  form.addEventListener('input', start);
  form.addEventListener('change', updateProgress);
  form.addEventListener('input', updateProgress);

  function showIssues(issues: FieldIssue[], formError?: string): void {
    const wrong = new Map(issues.map((issue) => [issue.field, issue.message]));
    for (const question of questions) {
      if (isAnswerable(question.type))
        setFieldError(controlId(question.id), errorId(question.id), wrong.get(`answers.${question.id}`));
    }
    for (const key of ['name', 'email'])
      setFieldError(`contact-${key}`, `contact-${key}-error`, wrong.get(`contact.${key}`));
    showSummary(summary, [
      ...(formError ? [{ text: formError }] : []),
      ...issues.map((issue) => ({
        href: `#${issue.field.startsWith('contact.') ? `contact-${issue.field.slice(8)}` : controlId(issue.field.slice(8))}`,
        text: issue.label ? `${issue.label}: ${issue.message}` : issue.message,
      })),
    ]);
  }

  const titleOf = (id: string) => questions.find((question) => question.id === id)?.title ?? '';

  function finish(message: string): void {
    const status = document.createElement('div');
    status.setAttribute('role', 'status');
    const heading = document.createElement('h1');
    heading.textContent = 'Thank you';
    heading.tabIndex = -1;
    const text = document.createElement('p');
    text.dir = 'auto';
    text.textContent = message;
    status.append(heading, text);
    (form.closest('.card') ?? form.closest('main'))?.replaceChildren(status);
    heading.focus();
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    start();
    const { answers, contact } = read();
    const checked = checkAnswers(questions, answers);
    const contactChecked = checkContact(data.requireContact, contact);
    const issues: FieldIssue[] = [
      ...(checked.success ? [] : checked.issues).map((issue: AnswerIssue) => ({
        field: `answers.${issue.questionId}`,
        label: titleOf(issue.questionId),
        message: issue.message,
      })),
      ...(contactChecked.success ? [] : contactChecked.issues).map((issue) => ({
        field: `contact.${issue.field}`,
        label: '',
        message: issue.message,
      })),
    ];
    if (issues.length > 0) return showIssues(issues);
    button.disabled = true;
    try {
      const payload = data.captcha ? await (captcha ?? solve()) : undefined;
      const response = await fetch(form.action, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ answers, contact, captcha: payload }),
      });
      const body = await response.json();
      if (response.status === 201) {
        if (body.redirectUrl) window.location.assign(body.redirectUrl);
        else finish(body.thankYouMessage);
        return;
      }
      // A spent or expired captcha: the next submit solves a new one.
      if (body.code === 'captcha_failed' || body.code === 'captcha_required') captcha = undefined;
      const fieldIssues: FieldIssue[] = (body.errors ?? []).map((error: { path: string; message: string }) => ({
        field: error.path,
        label: '',
        message: error.message,
      }));
      showIssues(fieldIssues, fieldIssues.length > 0 ? undefined : body.detail);
    } catch {
      showIssues([], 'The form could not be sent. Check your connection and try again.');
    } finally {
      button.disabled = false;
    }
  });

  // A link of the summary moves focus to its field's control (a group's first), not only the view.
  summary.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    const target = link && byId(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    const control = target.matches('fieldset') ? target.querySelector<HTMLElement>('input, select, textarea') : target;
    control?.focus();
  });

  updateProgress();
  if (!summary.hidden) summary.focus();
}

const dataElement = byId('hearback-page');
const form = document.querySelector<HTMLFormElement>('form[method=post]');
if (dataElement && form) enhance(form, JSON.parse(dataElement.textContent ?? '{}') as PageScriptData);
reportHeight();
