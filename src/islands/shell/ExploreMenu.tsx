import { useCommonT } from '../shared/use-t.ts';
import { useMenu } from './use-menu.ts';

/** A topic of the Explore dropdown (content tags). */
export interface Topic {
  key: string;
  label: string;
}

/** The 'Explore' topics dropdown: each tag links to its tagged articles. */
export default function ExploreMenu({ topics }: { topics: Topic[] }) {
  const t = useCommonT();
  const menu = useMenu(topics.length);
  if (topics.length === 0) return null;
  const href = (topic: Topic) => `/tagged-articles?tag=${encodeURIComponent(topic.key)}`;
  const choose = (i: number) => {
    const topic = topics[i];
    if (topic) window.location.assign(href(topic));
  };
  return (
    <div className="explore">
      <button
        ref={menu.buttonRef}
        type="button"
        className="nav__link explore__button"
        aria-haspopup="menu"
        aria-expanded={menu.open}
        onClick={menu.toggle}
        onKeyDown={menu.onButtonKeyDown}
      >
        {t('common.explore')} <span aria-hidden="true" className="chevron" />
      </button>
      {menu.open && (
        <ul
          ref={menu.listRef}
          role="menu"
          tabIndex={-1}
          aria-label={t('common.explore')}
          aria-activedescendant={menu.itemId(menu.active)}
          className="menu explore__list"
          onKeyDown={(e) => menu.onListKeyDown(e, choose)}
        >
          {topics.map((topic, i) => (
            <li
              key={topic.key}
              id={menu.itemId(i)}
              role="menuitem"
              className={`menu__item${i === menu.active ? ' is-active' : ''}`}
              onMouseEnter={() => menu.setActive(i)}
              onClick={() => choose(i)}
            >
              {topic.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
