/**
 * order-survey-details (spec sections 2 and 7: GetSurveyDetails): the policyholder's survey of a work order —
 * the rating (text, and stars with a text alternative), the answers, the comment and when it was completed.
 * An order without a survey (or one the reader may not see: the same answer) says so.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { Survey } from '../../lib/api/work-orders.ts';
import { api } from '../../stores/api.ts';
import { $userStatus } from '../../stores/user.ts';
import GuardError from '../shared/GuardError.tsx';
import { useLang } from '../shared/use-lang.ts';
import { OPEN_LIST_PATH, detailsHref, failureOf, loadContracts, orderFromUrl } from './shared.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import LoadFailed from '../shared/LoadFailed.tsx';

const TEXT = {
  en: {
    title: 'Survey details',
    workOrder: 'Work order',
    referral: 'Referral number',
    policyholder: 'Policyholder',
    completed: 'Completed',
    shop: 'Shop',
    technician: 'Technician',
    rating: 'Rating',
    outOf: (n: number) => `${n} out of 5`,
    stars: (n: number) => `${n} out of 5 stars`,
    answers: 'Answers',
    comment: 'Comment',
    noComment: 'The policyholder left no comment.',
    noAnswers: 'No answers were recorded.',
    loading: 'Loading the survey…',
    none: 'No survey for this work order',
    noneText: 'The policyholder has not completed a survey for this work order, or it is not one of yours.',
    noId: 'No work order was chosen',
    noIdText: 'Open a survey from a work order’s details.',
    back: 'Back to the work order',
    openList: 'Open work orders',
    loadFailed: 'We could not load the survey. Please try again.',
    retry: 'Try again',
  },
  es: {
    title: 'Detalles de la encuesta',
    workOrder: 'Orden de trabajo',
    referral: 'Número de referencia',
    policyholder: 'Asegurado',
    completed: 'Completada',
    shop: 'Taller',
    technician: 'Técnico',
    rating: 'Calificación',
    outOf: (n: number) => `${n} de 5`,
    stars: (n: number) => `${n} de 5 estrellas`,
    answers: 'Respuestas',
    comment: 'Comentario',
    noComment: 'El asegurado no dejó comentarios.',
    noAnswers: 'No se registraron respuestas.',
    loading: 'Cargando la encuesta…',
    none: 'No hay encuesta para esta orden de trabajo',
    noneText: 'El asegurado no ha completado una encuesta para esta orden de trabajo, o no es una de las suyas.',
    noId: 'No se eligió ninguna orden de trabajo',
    noIdText: 'Abra una encuesta desde los detalles de una orden de trabajo.',
    back: 'Volver a la orden de trabajo',
    openList: 'Órdenes de trabajo abiertas',
    loadFailed: 'No pudimos cargar la encuesta. Inténtelo de nuevo.',
    retry: 'Intentar de nuevo',
  },
};

type State = { kind: 'loading' } | { kind: 'no-id' } | { kind: 'not-found' } | { kind: 'error' } | { kind: 'ready'; survey: Survey };

/** The order-survey-details page. */
export default function SurveyDetails() {
  const { lang, s } = useLang();
  const x = TEXT[lang];
  const userStatus = useStore($userStatus);
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
    if (userStatus === 'ready') void load();
  }, [userStatus, load]);

  if (userStatus === 'error') return <GuardError />;
  if (userStatus !== 'ready' || state.kind === 'loading') {
    return (
      <p className="muted page-loading" aria-busy="true">
        {userStatus === 'ready' ? x.loading : s.loading}
      </p>
    );
  }
  const back = order && (
    <a className="btn btn--secondary" href={detailsHref(order.workOrderId, state.kind === 'ready' ? state.survey.ReferralNumber : order.referralNumber)}>
      {x.back}
    </a>
  );
  if (state.kind === 'no-id' || state.kind === 'not-found') {
    return (
      <div className="order-page">
        <div className="card empty" data-testid="no-survey">
          <h1>{state.kind === 'no-id' ? x.noId : x.none}</h1>
          <p>{state.kind === 'no-id' ? x.noIdText : x.noneText}</p>
          <div className="order-actions">
            {back}
            <a className="btn btn--link" href={OPEN_LIST_PATH}>
              {x.openList}
            </a>
          </div>
        </div>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div className="order-page">
        <LoadFailed text={x.loadFailed} retry={x.retry} onRetry={() => void load()} />
      </div>
    );
  }

  const v = state.survey;
  const rating = Math.max(0, Math.min(5, Math.round(v.Rating)));
  return (
    <div className="order-page">
      <h1>{x.title}</h1>
      <div className="card order-section">
        <dl className="details">
          <dt>{x.workOrder}</dt>
          <dd>{v.WorkOrderId}</dd>
          <dt>{x.referral}</dt>
          <dd>{v.ReferralNumber}</dd>
          <dt>{x.policyholder}</dt>
          <dd>{v.PolicyholderName}</dd>
          <dt>{x.completed}</dt>
          <dd>
            <time dateTime={v.CompletedAt} data-testid="survey-completed">
              {formatDateTime(v.CompletedAt, lang, { zone: true })}
            </time>
          </dd>
          {v.ShopName && (
            <>
              <dt>{x.shop}</dt>
              <dd>{v.ShopName}</dd>
            </>
          )}
          {v.Technician && (
            <>
              <dt>{x.technician}</dt>
              <dd>{v.Technician}</dd>
            </>
          )}
          <dt>{x.rating}</dt>
          <dd className="order-rating">
            <span className="order-stars" role="img" aria-label={x.stars(rating)}>
              {'★'.repeat(rating)}
              <span className="order-stars__off">{'★'.repeat(5 - rating)}</span>
            </span>{' '}
            <span data-testid="survey-rating">{x.outOf(rating)}</span>
          </dd>
        </dl>
      </div>
      <section className="card order-section" aria-labelledby="survey-answers-title">
        <h2 id="survey-answers-title">{x.answers}</h2>
        {v.Answers.length === 0 ? (
          <p className="muted">{x.noAnswers}</p>
        ) : (
          <dl className="details order-answers">
            {v.Answers.map((a, i) => (
              <div key={i} className="order-answer">
                <dt>{a.Question}</dt>
                <dd>{a.Answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="card order-section" aria-labelledby="survey-comment-title">
        <h2 id="survey-comment-title">{x.comment}</h2>
        {v.Comment ? <blockquote className="order-comment">{v.Comment}</blockquote> : <p className="muted">{x.noComment}</p>}
      </section>
      <div className="order-actions">{back}</div>
    </div>
  );
}
