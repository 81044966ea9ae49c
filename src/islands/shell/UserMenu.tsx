import { useStore } from '@nanostores/react';
import { userMenuFor, type MenuItem } from '../../lib/roles.ts';
import { $session, signOut } from '../../stores/session.ts';
import { $activeAgency, $user } from '../../stores/user.ts';
import { withWaiting } from '../../stores/waiting.ts';
import { useCommonT } from '../shared/use-t.ts';
import { useMenu } from './use-menu.ts';

const HREF: Record<Exclude<MenuItem, 'sign-out'>, string> = {
  'manage-users': '/dashboard/manage-users',
  'manage-account': '/dashboard/manage-account',
  'get-quote': '/dashboard/start-claim?mode=quote',
};

/** The user menu: items by role (spec sections 2 and 6). */
export default function UserMenu() {
  const session = useStore($session);
  const user = useStore($user);
  const agency = useStore($activeAgency);
  const t = useCommonT();
  const items = userMenuFor(user.userDetails?.dashboardUserRole ?? session?.dashboardUserRole, agency?.isCobranded ?? false);
  const menu = useMenu(items.length);
  const label: Record<MenuItem, string> = {
    'manage-users': t('common.manageUsers'),
    'manage-account': t('common.manageAccount'),
    'get-quote': t('common.getQuote'),
    'sign-out': t('common.signOut'),
  };
  const choose = (i: number) => {
    const item = items[i];
    menu.close(false);
    if (item === 'sign-out') void withWaiting(signOut);
    else if (item) window.location.assign(HREF[item]);
  };
  const name = user.userDetails ? `${user.userDetails.firstName} ${user.userDetails.lastName}` : (session?.name ?? '');

  return (
    <div className="user-menu">
      <button
        ref={menu.buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? `${menu.id}-menu` : undefined}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        <span className="avatar" aria-hidden="true">
          {name.split(' ').map((p) => p[0]).join('').slice(0, 2).toUpperCase()}
        </span>
        <span className="user-menu__name">{name || t('common.userMenu')}</span>
        <span aria-hidden="true" className="chevron" />
      </button>
      {menu.open && (
        <ul
          ref={menu.listRef}
          id={`${menu.id}-menu`}
          role="menu"
          tabIndex={-1}
          aria-label={t('common.userMenu')}
          aria-activedescendant={menu.itemId(menu.active)}
          className="menu user-menu__list"
          onKeyDown={(e) => menu.onListKeyDown(e, choose)}
        >
          {items.map((item, i) => (
            <li
              key={item}
              id={menu.itemId(i)}
              role="menuitem"
              data-item={item}
              className={`menu__item${i === menu.active ? ' is-active' : ''}`}
              onMouseEnter={() => menu.setActive(i)}
              onClick={() => choose(i)}
            >
              {label[item]}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
