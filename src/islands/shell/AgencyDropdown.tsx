import { useStore } from '@nanostores/react';
import { $activeAgency, $user, setActiveAgency } from '../../stores/user.ts';
import { useCommonT } from '../shared/use-t.ts';
import { useMenu } from './use-menu.ts';

/** The agency dropdown: shows agencyNameAndAddress, tracks by agencyNumber, switches the active agency. */
export default function AgencyDropdown() {
  const { agencyList } = useStore($user);
  const active = useStore($activeAgency);
  const t = useCommonT();
  const activeIndex = Math.max(0, agencyList.findIndex((a) => a.agencyNumber === active?.agencyNumber));
  const menu = useMenu(agencyList.length, activeIndex);
  if (agencyList.length === 0) return null;

  const choose = (i: number) => {
    const a = agencyList[i];
    if (a) setActiveAgency(a.agencyNumber);
    menu.close();
  };

  return (
    <div className="agency-dropdown">
      <span className="agency-dropdown__label" id={`${menu.id}-label`}>
        {t('common.activeAgency')}
      </span>
      <button
        ref={menu.buttonRef}
        type="button"
        className="agency-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={menu.open}
        aria-labelledby={`${menu.id}-label ${menu.id}-value`}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        <span id={`${menu.id}-value`}>{active?.agencyNameAndAddress ?? ''}</span>
        <span aria-hidden="true" className="chevron" />
      </button>
      {menu.open && (
        <ul
          ref={menu.listRef}
          role="listbox"
          tabIndex={-1}
          className="menu agency-dropdown__list"
          aria-labelledby={`${menu.id}-label`}
          aria-activedescendant={menu.itemId(menu.active)}
          onKeyDown={(e) => menu.onListKeyDown(e, choose)}
        >
          {agencyList.map((a, i) => (
            <li
              key={a.agencyNumber}
              id={menu.itemId(i)}
              role="option"
              aria-selected={a.agencyNumber === active?.agencyNumber}
              className={`menu__item${i === menu.active ? ' is-active' : ''}`}
              data-agency-number={a.agencyNumber}
              onMouseEnter={() => menu.setActive(i)}
              onClick={() => choose(i)}
            >
              {a.agencyNameAndAddress}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
