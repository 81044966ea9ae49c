/**
 * A work order's status as the browser shows it: its name in English and Spanish, and its CSS slug (the badge's
 * and the chart's colour). The one place for these words and classes (the lists, the overview, the chart, the
 * details, survey and console pages).
 */
import type { Lang } from '../../lib/i18n.ts';
import type { WorkOrderStatus } from '../../lib/work-orders.ts';

/** The statuses in each page language. */
export const STATUS_LABELS: Record<Lang, Record<WorkOrderStatus, string>> = {
  en: {
    Received: 'Received',
    'Policyholder contacted': 'Policyholder contacted',
    Scheduled: 'Scheduled',
    'In progress': 'In progress',
    Completed: 'Completed',
    'Survey complete': 'Survey complete',
    Cancelled: 'Cancelled',
    Failed: 'Failed',
  },
  es: {
    Received: 'Recibida',
    'Policyholder contacted': 'Asegurado contactado',
    Scheduled: 'Programada',
    'In progress': 'En curso',
    Completed: 'Completada',
    'Survey complete': 'Encuesta completada',
    Cancelled: 'Cancelada',
    Failed: 'Fallida',
  },
};

/** Names a status in the page language. */
export const statusLabel = (status: WorkOrderStatus, lang: Lang): string => STATUS_LABELS[lang][status];

/** Turns a status into a CSS class suffix ('Survey complete' → 'survey-complete'). */
export const statusSlug = (status: WorkOrderStatus) => status.toLowerCase().replace(/\s+/g, '-');
