/**
 * The CE admins' tools on the agent dashboard (issue 16): create a course, manage courses, the registration cases
 * (with how many are new). Loaded on demand for CE admins only (the dashboard's JavaScript budget).
 */
import { GetCECases } from '../../lib/api/ce-admin.ts';
import { api } from '../../stores/api.ts';
import { useCall } from '../shared/use-call.ts';
import { useT } from '../shared/use-t.ts';

export default function CeTools() {
  const t = useT('ceAdmin');
  const cases = useCall('ce-cases:new-count', () => api.call(GetCECases, { status: 'New' }, { ignoreErrors: true }));
  if (!t) return null;
  const cards = [
    { href: '/dashboard/create-CE-course', title: t('ceAdmin.tools.create'), count: null },
    { href: '/dashboard/manage-CEcourses', title: t('ceAdmin.tools.manage'), count: null },
    { href: '/dashboard/ce-cases', title: t('ceAdmin.tools.cases'), count: cases.data ? `${t('ceAdmin.cases.status.New')}: ${cases.data.total}` : null },
  ];
  return (
    <section className="admin-tools" aria-labelledby="ce-tools-title" data-testid="ce-tools">
      <h2 id="ce-tools-title">{t('ceAdmin.tools.title')}</h2>
      <ul className="admin-tools__grid">
        {cards.map((card) => (
          <li key={card.href} className="card admin-tool">
            <a href={card.href} className="admin-tool__link">
              {card.title}
            </a>
            {card.count && <p className="admin-tool__count">{card.count}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
