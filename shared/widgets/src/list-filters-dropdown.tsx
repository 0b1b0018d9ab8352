/** The filter bar once a menu has been tapped: antd-mobile's Dropdown (loaded then, see list-filters.tsx). */
import { Dropdown } from '@app/ui/dropdown';
import { FilterArrow, type FilterMenuEntry } from './list-filters-parts';

export default function FilterDropdown({
  menus,
  className,
  activeKey,
  onChange,
}: {
  menus: FilterMenuEntry[];
  className: string;
  activeKey: string | null;
  onChange(key: string | null): void;
}) {
  return (
    <Dropdown className={className} activeKey={activeKey} onChange={onChange} arrowIcon={<FilterArrow />}>
      {menus.map((menu) => (
        <Dropdown.Item key={menu.key} title={menu.title} highlight={menu.highlight}>
          {menu.content}
        </Dropdown.Item>
      ))}
    </Dropdown>
  );
}
