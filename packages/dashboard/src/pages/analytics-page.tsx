import type { PageAnalytics, PageQuestionBreakdown } from '@hearback/client';
import { counted } from '@hearback/spec';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { QUESTION_TYPE_LABELS } from './builder/question-type-labels.js';
import { PageFrame } from './page-frame.js';
import { analyticsQuery } from './page-queries.js';
import { pageAnalyticsRoute } from './pages-route.js';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** A labelled count with a bar of its share (the bar is decoration; the numbers are the figures). */
interface Bar {
  label: string;
  count: number;
}

/** Counts as a table of bars: readable as a table by screen readers, as bars by eye. */
function BarTable({ caption, bars, total }: { caption: string; bars: readonly Bar[]; total: number }) {
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  return (
    <table className="bar-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Answer</th>
          <th scope="col">Count</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {bars.map((bar) => (
          <tr key={bar.label}>
            <th scope="row" className="bar-label">
              {bar.label}
            </th>
            <td className="bar-cell">
              <span className="bar" style={{ inlineSize: `${(bar.count / largest) * 100}%` }} aria-hidden="true" />
              <span className="bar-count">{bar.count}</span>
            </td>
            <td className="bar-share">{percent(bar.count, total)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Breakdown({ question }: { question: PageQuestionBreakdown }) {
  const figures: { label: string; value: string | number }[] = [{ label: 'Answered', value: question.answered }];
  if (question.average !== undefined && question.average !== null)
    figures.push({ label: 'Average', value: question.average });
  if (question.nps) figures.push({ label: 'NPS', value: question.nps.score ?? '—' });
  if (question.csat)
    figures.push({ label: 'CSAT', value: question.csat.score === null ? '—' : `${question.csat.score}%` });
  if (question.min !== undefined && question.min !== null) figures.push({ label: 'Lowest', value: question.min });
  if (question.max !== undefined && question.max !== null) figures.push({ label: 'Highest', value: question.max });
  return (
    <section className="breakdown" aria-labelledby={`breakdown-${question.questionId}`}>
      <h3 id={`breakdown-${question.questionId}`} className="breakdown-title">
        {question.title} <span className="muted">{QUESTION_TYPE_LABELS[question.type]}</span>
      </h3>
      <dl className="figures">
        {figures.map((figure) => (
          <Figure key={figure.label} {...figure} />
        ))}
      </dl>
      {question.distribution && (
        <BarTable
          caption={`${question.title}: answers by score`}
          bars={question.distribution.map((entry) => ({ label: String(entry.value), count: entry.count }))}
          total={question.answered}
        />
      )}
      {question.options && (
        <BarTable
          caption={`${question.title}: answers by option`}
          bars={question.options.map((option) => ({ label: option.label, count: option.count }))}
          total={question.answered}
        />
      )}
      {question.ranks && (
        <ol className="ranks">
          {question.ranks.map((rank) => (
            <li key={rank.value}>
              {rank.label} <span className="muted">(average place {rank.averageRank ?? '—'})</span>
            </li>
          ))}
        </ol>
      )}
      {question.recentAnswers && question.recentAnswers.length > 0 && (
        <ul className="recent-answers">
          {question.recentAnswers.map((answer) => (
            <li key={answer.responseId}>{answer.answer}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Responses per day as columns; announced as one sentence (the figures are the days with any). */
function DailyChart({ daily }: { daily: PageAnalytics['daily'] }) {
  const largest = Math.max(1, ...daily.map((day) => day.completions));
  const busy = daily.filter((day) => day.completions > 0);
  const summary =
    busy.length === 0
      ? 'No responses on any day of the range.'
      : `Responses by day: ${busy.map((day) => `${day.day}: ${day.completions}`).join(', ')}.`;
  return (
    <div className="daily-chart" role="img" aria-label={summary}>
      {daily.map((day) => (
        <span
          key={day.day}
          className="daily-column"
          title={`${day.day}: ${day.completions}`}
          style={{ blockSize: `${(day.completions / largest) * 100}%` }}
        />
      ))}
    </div>
  );
}

function AnalyticsReport({ analytics }: { analytics: PageAnalytics }) {
  return (
    <>
      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading">
          From {analytics.range.from} to {analytics.range.to}
        </h2>
        {/* The days are the organization's (its settings' time zone), as the trends count them. */}
        <p className="muted">Days in {analytics.timezone}.</p>
        <dl className="figures figures-large">
          <Figure label="Views" value={analytics.views} />
          <Figure label="Started" value={analytics.starts} />
          <Figure label="Responses" value={analytics.completions} />
          <Figure
            label="Conversion"
            value={analytics.conversionRate === null ? '—' : `${Math.round(analytics.conversionRate * 1000) / 10}%`}
          />
        </dl>
        <DailyChart daily={analytics.daily} />
      </section>
      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading">By question</h2>
        <p className="muted">From {counted(analytics.breakdownResponses, 'response')}.</p>
        {analytics.questions.map((question) => (
          <Breakdown key={question.questionId} question={question} />
        ))}
      </section>
    </>
  );
}

/** A page's views, responses and conversion, and each question's answers as bars and tables. */
/** The days the figures cover; applying puts them in the URL. */
function RangeForm({ range, errors }: { range: PageAnalytics['range'] | undefined; errors: Record<string, string> }) {
  const navigate = useNavigate({ from: pageAnalyticsRoute.fullPath });
  return (
    <Form
      className="range-form"
      validationErrors={errors}
      key={range ? `${range.from}/${range.to}` : 'none'}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const day = (name: string) => String(data.get(name) ?? '') || undefined;
        void navigate({ search: { from: day('from'), to: day('to') } });
      }}
    >
      <TextField label="From" name="from" type="date" defaultValue={range?.from} />
      <TextField label="To" name="to" type="date" defaultValue={range?.to} />
      <Button type="submit">Show</Button>
    </Form>
  );
}

export function AnalyticsPage() {
  const { orgId, pageId } = pageAnalyticsRoute.useParams();
  const range = pageAnalyticsRoute.useSearch();
  const analytics = useQuery({ ...analyticsQuery(orgId, pageId, range), placeholderData: keepPreviousData });
  const { validationErrors, formError } = problemFeedback(analytics.error);
  return (
    <PageFrame orgId={orgId} pageId={pageId}>
      {() => (
        <>
          <RangeForm range={analytics.data?.range} errors={validationErrors} />
          <Alert>{formError}</Alert>
          {analytics.data && !analytics.isError && <AnalyticsReport analytics={analytics.data} />}
        </>
      )}
    </PageFrame>
  );
}
