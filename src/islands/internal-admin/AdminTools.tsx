/**
 * The internal admins' start page (issue 15): their tools as cards with counts, fed by the Platform `dashboard`
 * call. Loaded on demand by the agent dashboard for internal admins only (the dashboard's budget).
 */
import { Dashboard } from '../../lib/api/internal-admin.ts';
import { api } from '../../stores/api.ts';
import { CallView } from '../shared/PageState.tsx';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

export default function AdminTools() {
  const t = useT('admin', 'messages');
  const counts = useCall('dashboard', () => api.call(Dashboard, {}, { ignoreErrors: true }));
  if (!t) return null;
  return (
    <section className="admin-tools" aria-labelledby="admin-tools-title">
      <h2 id="admin-tools-title">{t('admin.tools.title')}</h2>
      <CallView call={counts} failedText={t('admin.tools.failed')}>
        {(c) => {
          const cards: { href: string; title: string; text: string; urgent?: boolean }[] = [
            { href: '/dashboard/admin-requests', title: t('admin.tools.adminRequests'), text: t.plural('admin.tools.waiting', c.adminRequestsPending), urgent: c.adminRequestsPending > 0 },
            { href: '/dashboard/manage-users#onboarding', title: t('admin.tools.onboarding'), text: t.plural('admin.tools.waiting', c.onboardingPending), urgent: c.onboardingPending > 0 },
            { href: '/dashboard/manage-users', title: t('admin.tools.users'), text: t('admin.tools.usersCount', { count: c.activeUsers, agencies: c.agencies }) },
            { href: '/dashboard/cobranded-agencies', title: t('admin.cobrand.tool'), text: t('admin.cobrand.toolText') },
            { href: '/dashboard/global-banner', title: t('admin.tools.banners'), text: t('admin.tools.bannersText') },
            { href: '/Healthcheck', title: t('admin.tools.health'), text: t('admin.tools.healthText') },
            { href: '/dashboard/work-order-console', title: t('admin.tools.console'), text: t.plural('admin.tools.consoleCount', c.failedReferrals), urgent: c.failedReferrals > 0 },
            { href: '/dashboard/article', title: t('admin.tools.content'), text: t.plural('admin.tools.contentCount', c.draftArticles) },
            { href: '/dashboard/audit-log', title: t('admin.tools.audit'), text: t.plural('admin.tools.auditCount', c.auditToday) },
            { href: '/dashboard/analytics', title: t('admin.tools.analytics'), text: t('admin.tools.analyticsText') },
          ];
          return (
            <ul className="admin-tools__grid">
              {cards.map((card) => (
                <li key={card.href} className={`card admin-tool${card.urgent ? ' admin-tool--urgent' : ''}`}>
                  <a href={card.href} className="admin-tool__link">
                    {card.title}
                  </a>
                  <p className="admin-tool__count">{card.text}</p>
                </li>
              ))}
            </ul>
          );
        }}
      </CallView>
    </section>
  );
}
