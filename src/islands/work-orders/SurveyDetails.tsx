/**
 * order-survey-details (spec sections 2 and 7: GetSurveyDetails): the policyholder's survey of a work order —
 * the rating (text, and stars with a text alternative), the answers, the comment and when it was completed.
 * An order without a survey (or one the reader may not see: the same answer) says so.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Survey } from '../../lib/api/work-orders.ts';
import { api } from '../../stores/api.ts';
import { UserGate } from '../shared/PageState.tsx';
import { useT } from '../shared/use-t.ts';
import { OPEN_LIST_PATH, detailsHref, failureOf, loadContracts, orderFromUrl } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import LoadFailed from '../shared/LoadFailed.tsx';
import type { WorkOrdersT } from './status.ts';


type State = { kind: 'loading' } | { kind: 'no-id' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'ready'; survey: Survey };

/** The order-survey-details page: once the signed-in user and the words are there, the survey of the URL's order. */
export default function SurveyDetails() {
  const t = useT('workOrders', 'messages');
  return <UserGate t={t}>{(_user, words) => <SurveyPage t={words} />}</UserGate>;
}

/** Loads the survey of the URL's order and shows it, or why it cannot. */
function SurveyPage({ t }: { t: WorkOrdersT }) {
  const [order] = useState(() => orderFromUrl());
  const [state, setState] = useState<State>(() => (order ? { kind: 'loading' } : { kind: 'no-id' }));

  const load = useCallback(async () => {
    if (!order) return;
    setState({ kind: 'loading' });
    try {
      const { GetSurveyDetails } = await loadContracts();
      setState({ kind: 'ready', survey: await api.call(GetSurveyDetails, { WorkOrderId: order.workOrderId }, { ignoreErrors: true }) });
    } catch (err) {
      setState({ kind: failureOf(err) });
    }
  }, [order]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <p className="muted page-loading" aria-busy="true">
        {t('workOrders.survey.loading')}
      </p>
    );
  }
  const back = order && (
    <a className="btn btn--secondary" href={detailsHref(order.workOrderId, state.kind === 'ready' ? state.survey.ReferralNumber : order.referralNumber)}>
      {t('workOrders.survey.back')}
    </a>
  );
  if (state.kind === 'no-id' || state.kind === 'not-found') {
    return (
      <div className="order-page">
        <div className="card empty" data-testid="no-survey">
          <h1>{state.kind === 'no-id' ? t('workOrders.survey.noId') : t('workOrders.survey.none')}</h1>
          <p>{state.kind === 'no-id' ? t('workOrders.survey.noIdText') : t('workOrders.survey.noneText')}</p>
          <div className="order-actions">
            {back}
            <a className="btn btn--link" href={OPEN_LIST_PATH}>
              {t('workOrders.survey.openList')}
            </a>
          </div>
        </div>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="order-page">
        <LoadFailed text={t('workOrders.survey.loadFailed')} retry={t('workOrders.survey.retry')} onRetry={() => void load()} />
      </div>
    );
  }

  const survey = state.survey;
  const rating = Math.max(0, Math.min(5, Math.round(survey.Rating)));
  return (
    <div className="order-page">
      <h1>{t('workOrders.survey.title')}</h1>
      {/* Product text, painted first by the page's static shell (issue 19). */}
      <p className="muted order-intro">{t('workOrders.survey.intro')}</p>
      <div className="card order-section">
        <dl className="details">
          <dt>{t('workOrders.survey.workOrder')}</dt>
          <dd>{survey.WorkOrderId}</dd>
          <dt>{t('workOrders.survey.referral')}</dt>
          <dd>{survey.ReferralNumber}</dd>
          <dt>{t('workOrders.survey.policyholder')}</dt>
          <dd>{survey.PolicyholderName}</dd>
          <dt>{t('workOrders.survey.completed')}</dt>
          <dd>
            <time dateTime={survey.CompletedAt} data-testid="survey-completed">
              {formatDateTime(survey.CompletedAt, t.lang, { zone: true })}
            </time>
          </dd>
          {survey.ShopName && (
            <>
              <dt>{t('workOrders.survey.shop')}</dt>
              <dd>{survey.ShopName}</dd>
            </>
          )}
          {survey.Technician && (
            <>
              <dt>{t('workOrders.survey.technician')}</dt>
              <dd>{survey.Technician}</dd>
            </>
          )}
          <dt>{t('workOrders.survey.rating')}</dt>
          <dd className="order-rating">
            <span className="order-stars" role="img" aria-label={t('workOrders.survey.stars', { n: rating })}>
              {'★'.repeat(rating)}
              <span className="order-stars__off">{'★'.repeat(5 - rating)}</span>
            </span>{' '}
            <span data-testid="survey-rating">{t('workOrders.survey.outOf', { n: rating })}</span>
          </dd>
        </dl>
      </div>
      <section className="card order-section" aria-labelledby="survey-answers-title">
        <h2 id="survey-answers-title">{t('workOrders.survey.answers')}</h2>
        {survey.Answers.length === 0 ? (
          <p className="muted">{t('workOrders.survey.noAnswers')}</p>
        ) : (
          <dl className="details order-answers">
            {survey.Answers.map((answer, i) => (
              <div key={i} className="order-answer">
                <dt>{answer.Question}</dt>
                <dd>{answer.Answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="card order-section" aria-labelledby="survey-comment-title">
        <h2 id="survey-comment-title">{t('workOrders.survey.comment')}</h2>
        {survey.Comment ? <blockquote className="order-comment">{survey.Comment}</blockquote> : <p className="muted">{t('workOrders.survey.noComment')}</p>}
      </section>
      <div className="order-actions">{back}</div>
    </div>
  );
}
